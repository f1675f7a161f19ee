package io.github.asynctask.autoconfigure.endpoint;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * HTTP calls to the {@code asynctask} endpoint of a running test application, each
 * answered as status and JSON body.
 */
final class EndpointClient {

	private final HttpClient http = HttpClient.newHttpClient();

	private final String base;

	EndpointClient(ConfigurableApplicationContext context) {
		this.base = "http://localhost:" + context.getEnvironment().getProperty("local.server.port")
				+ "/actuator/asynctask";
	}

	Reply get(String path) throws IOException, InterruptedException {
		return send(HttpRequest.newBuilder(URI.create(this.base + path)).GET());
	}

	Reply post(String path, String json) throws IOException, InterruptedException {
		return send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)));
	}

	Reply delete(String path) throws IOException, InterruptedException {
		return send(HttpRequest.newBuilder(URI.create(this.base + path)).DELETE());
	}

	private Reply send(HttpRequest.Builder request) throws IOException, InterruptedException {
		HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		String body = response.body();
		return new Reply(response.statusCode(),
				body.isEmpty() ? JsonMapper.shared().missingNode() : JsonMapper.shared().readTree(body));
	}

	record Reply(int status, JsonNode body) {

	}

}
