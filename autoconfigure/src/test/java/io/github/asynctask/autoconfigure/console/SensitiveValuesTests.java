package io.github.asynctask.autoconfigure.console;

import java.security.Principal;
import java.util.List;
import java.util.Set;

import io.github.asynctask.autoconfigure.console.BrowseViews.AttemptView;
import io.github.asynctask.autoconfigure.console.BrowseViews.TaskDetail;
import io.github.asynctask.autoconfigure.console.SensitiveValuesProperties.Show;
import io.github.asynctask.autoconfigure.console.Views.TaskPage;
import io.github.asynctask.autoconfigure.console.Views.TaskView;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who sees task data, as Spring Boot's {@code Show} decides for the {@code env} endpoint,
 * and what a masked document still says.
 */
class SensitiveValuesTests {

	private static final Principal ALICE = () -> "alice";

	@Test
	void neverShowsAndAlwaysShowsWhoeverReads() {
		SensitiveValues never = new SensitiveValues(Show.NEVER, Set.of());
		SensitiveValues always = new SensitiveValues(Show.ALWAYS, Set.of());
		assertThat(never.shown(ALICE, (role) -> true)).isFalse();
		assertThat(always.shown(null, (role) -> false)).isTrue();
	}

	@Test
	void whenAuthorizedShowsToSignedInUsersInOneOfTheRoles() {
		SensitiveValues ops = new SensitiveValues(Show.WHEN_AUTHORIZED, Set.of("OPS", "ADMIN"));
		assertThat(ops.shown(null, (role) -> true)).as("not signed in").isFalse();
		assertThat(ops.shown(ALICE, "VIEWER"::equals)).as("signed in, no role").isFalse();
		assertThat(ops.shown(ALICE, "ADMIN"::equals)).as("signed in, in a role").isTrue();
		SensitiveValues anyUser = new SensitiveValues(Show.WHEN_AUTHORIZED, Set.of());
		assertThat(anyUser.shown(ALICE, (role) -> false)).as("no roles: any signed-in user").isTrue();
		assertThat(anyUser.shown(null, (role) -> true)).isFalse();
	}

	@Test
	void aMaskedPageKeepsIdsNamesAndStatesAndHidesArgumentsErrorsAndResults() {
		TaskView task = new TaskView("t-1", "mail.receipt", "mail", "dead", 1, 3, "declined for alice", "2026-01-01",
				"2026-01-01", JsonMapper.shared().readTree("[\"alice@example.com\"]"), false, List.of("t-0"),
				"{\"card\":\"4111\"}");
		Object masked = SensitiveValues.NEVER.forReader(new TaskPage("mail", "dead", 0, 1, List.of(task)), ALICE,
				(role) -> true);
		String json = JsonMapper.shared().writeValueAsString(masked);
		assertThat(json).contains("\"id\":\"t-1\"", "\"name\":\"mail.receipt\"", "\"state\":\"dead\"",
				"\"waitsFor\":[\"t-0\"]", "\"arguments\":\"******\"", "\"lastError\":\"******\"",
				"\"result\":\"******\"");
		assertThat(json).doesNotContain("alice", "4111");
	}

	@Test
	void aMaskedDetailHidesHeadersAttemptMessagesStacksAndRawBytesButNotTheBizId() {
		TaskDetail detail = new TaskDetail("t-1", "mail", "mail.receipt", "dead", 1, 3, "declined for alice", null,
				null, null, null, null, null, null, List.of(), "[\"alice\"]", false,
				JsonMapper.shared().readTree("{\"traceparent\":\"00-alice\"}"),
				List.of(new AttemptView(null, null, "web-1", "java.lang.IllegalStateException", "alice", "at Alice")),
				false, 42, null, "order-42", "40% page 8 (for alice)", null);
		String json = JsonMapper.shared()
			.writeValueAsString(SensitiveValues.NEVER.forReader(detail, null, (role) -> false));
		assertThat(json).contains("\"bizId\":\"order-42\"", "\"error\":\"java.lang.IllegalStateException\"",
				"\"headers\":\"******\"", "\"message\":\"******\"", "\"raw\":null");
		assertThat(json).doesNotContainIgnoringCase("alice");
	}

	@Test
	void documentsWithoutTaskDataAreLeftAsTheyAre() {
		Views.Done done = new Views.Done("Queue 'mail' is paused");
		assertThat(SensitiveValues.NEVER.forReader(done, null, (role) -> false)).isSameAs(done);
	}

}
