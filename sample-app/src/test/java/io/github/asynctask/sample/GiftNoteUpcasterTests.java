package io.github.asynctask.sample;

import io.github.asynctask.sample.GiftNoteTasks.GiftNote;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gift note's upcaster turns the arguments a version-1 instance stored into ones the
 * version-2 method reads: the test an application writes for each upcaster.
 */
class GiftNoteUpcasterTests {

	// tag::upcaster-test[]
	private final JsonMapper mapper = JsonMapper.builder().build();

	@Test
	void aStoredVersion1GiftNoteReadsAsVersion2() {
		// the "args" of a payload stored by version 1 (copy one from the console)
		ArrayNode stored = (ArrayNode) this.mapper
			.readTree("[{\"orderId\":7,\"to\":\"Ada\",\"message\":\"Happy birthday\"}]");

		ArrayNode upcast = new GiftNoteTasks.RecipientRenamed().upcast(stored);

		GiftNote note = this.mapper.treeToValue(upcast.get(0), GiftNote.class);
		assertThat(note).isEqualTo(new GiftNote(7, "Ada", "Happy birthday"));
	}
	// end::upcaster-test[]

}
