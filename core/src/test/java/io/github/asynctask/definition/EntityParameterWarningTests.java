package io.github.asynctask.definition;

import java.util.List;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A task parameter whose type is a JPA entity is warned about at start-up, naming the
 * task, the parameter and the type, and suggesting its id; nothing refuses to start.
 */
@ExtendWith(OutputCaptureExtension.class)
class EntityParameterWarningTests {

	private final EntityParameterWarning check = new EntityParameterWarning();

	@Test
	void anEntityParameterIsWarnedAboutWithItsTaskParameterAndType(CapturedOutput output) {
		assertThat(this.check.problems(TestDefinitions.of(new Reminders(), "remind"))).isEmpty();

		assertThat(output).contains("WARN")
			.contains("Reminders.remind")
			.contains("parameter 0 ('owner'")
			.contains(Owner.class.getName())
			.contains("pass its id");
	}

	@Test
	void entitiesInsideACollectionParameterAreWarnedAboutToo(CapturedOutput output) {
		this.check.problems(TestDefinitions.of(new Reminders(), "remindAll"));

		assertThat(output).contains("Reminders.remindAll").contains("parameter 0 ('owners'");
	}

	@Test
	void otherParametersAreNotWarnedAbout(CapturedOutput output) {
		this.check.problems(TestDefinitions.of(new Reminders(), "remindById"));

		assertThat(output).doesNotContain("Reminders.remindById");
	}

	@Entity
	static class Owner {

		@Id
		Long id;

	}

	static class Reminders {

		public void remind(Owner owner) {
		}

		public void remindAll(List<Owner> owners) {
		}

		public void remindById(long ownerId) {
		}

	}

}
