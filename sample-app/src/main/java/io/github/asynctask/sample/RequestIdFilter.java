package io.github.asynctask.sample;

import java.io.IOException;
import java.util.UUID;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.MDC;

import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Puts a request id in the MDC for every HTTP request (the caller's {@code X-Request-Id},
 * or a new one) and echoes it. With {@code async-task.context.mdc-keys: requestId} it
 * travels into the tasks the request submits, so their log lines carry it too.
 */
// tag::request-id[]
@Component
class RequestIdFilter extends OncePerRequestFilter {

	static final String HEADER = "X-Request-Id";

	static final String MDC_KEY = "requestId";

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String id = request.getHeader(HEADER);
		if (!StringUtils.hasText(id) || id.length() > 64) {
			id = UUID.randomUUID().toString().substring(0, 8);
		}
		response.setHeader(HEADER, id);
		try (MDC.MDCCloseable requestId = MDC.putCloseable(MDC_KEY, id)) {
			chain.doFilter(request, response);
		}
	}

}
// end::request-id[]
