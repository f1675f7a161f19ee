package io.github.asynctask.autoconfigure.console;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.view.RedirectView;

/**
 * Serves the console page at {@code <console path>/}, with a content security policy that
 * allows only the page's own script and style: even a value that slipped past the page's
 * text-only rendering could not run.
 */
@Controller
@RequestMapping("${async-task.console.path:/asynctask}")
final class ConsolePageController {

	static final String ASSETS = "asynctask-console/";

	private static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
			+ "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

	private final Resource page = new ClassPathResource(ASSETS + "index.html");

	private final String path;

	ConsolePageController(String path) {
		this.path = path;
	}

	// The page loads its assets and data by relative URLs, so it must end with a slash.
	@GetMapping
	RedirectView withoutSlash() {
		return new RedirectView(this.path + "/", true);
	}

	@GetMapping("/")
	@ResponseBody
	ResponseEntity<Resource> page() {
		return ResponseEntity.ok()
			.contentType(MediaType.TEXT_HTML)
			.header("Content-Security-Policy", POLICY)
			.header("X-Content-Type-Options", "nosniff")
			.header(HttpHeaders.CACHE_CONTROL, "no-cache")
			.body(this.page);
	}

}
