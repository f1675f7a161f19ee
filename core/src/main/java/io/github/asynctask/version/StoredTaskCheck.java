package io.github.asynctask.version;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.store.TaskPages;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a bounded sample of the stored tasks of every registered task with the current
 * codec and upcasters, so that a signature change that breaks waiting tasks shows at
 * start-up instead of as dead tasks days later. Per queue (and shard) and state (pending,
 * scheduled, retry, dead) at most {@code sample} tasks are read: O(queues x sample),
 * never a scan. Logs one WARN per task name; the endpoint and console show the last
 * result.
 */
public final class StoredTaskCheck {

	/** Tasks read per queue, shard and state. */
	public static final int DEFAULT_SAMPLE = 100;

	private static final Logger logger = LoggerFactory.getLogger(StoredTaskCheck.class);

	private static final List<TaskState> SORTED_STATES = List.of(TaskState.SCHEDULED, TaskState.RETRY, TaskState.DEAD);

	private final RedisBroker broker;

	private final @Nullable TaskPages pages;

	private final TaskRegistry registry;

	private final TaskCodec codec;

	private final int sample;

	private volatile @Nullable List<UnreadableTasks> last;

	/**
	 * @param pages reads the ids of pending tasks; {@code null} samples the sorted states
	 * only
	 */
	public StoredTaskCheck(RedisBroker broker, @Nullable TaskPages pages, TaskRegistry registry, TaskCodec codec,
			int sample) {
		this.broker = broker;
		this.pages = pages;
		this.registry = registry;
		this.codec = codec;
		this.sample = sample;
	}

	/** The result of the last check, {@code null} before one completed. */
	public @Nullable List<UnreadableTasks> last() {
		return this.last;
	}

	/**
	 * Read the sample, warn once per task name with unreadable tasks, and keep the
	 * result.
	 * @throws RuntimeException when Redis cannot be read
	 */
	public List<UnreadableTasks> run() {
		Map<String, Tally> tallies = new TreeMap<>();
		for (String queue : this.registry.queues()) {
			for (TaskState state : SORTED_STATES) {
				this.broker.list(queue, state, 0, this.sample).forEach((info) -> read(info, tallies));
			}
			if (this.pages != null) {
				for (String shard : this.broker.layout().served(queue)) {
					for (TaskPages.RawTask pending : this.pages.page(shard, "pending", false, 0, this.sample, 0)
						.tasks()) {
						this.broker.find(queue, pending.id()).ifPresent((info) -> read(info, tallies));
					}
				}
			}
		}
		List<UnreadableTasks> unreadable = new ArrayList<>();
		tallies.forEach((name, tally) -> {
			if (tally.unreadable > 0) {
				unreadable.add(
						new UnreadableTasks(name, tally.unreadable, tally.sampled, tally.queue, tally.id, tally.error));
			}
		});
		unreadable.forEach(StoredTaskCheck::warn);
		this.last = List.copyOf(unreadable);
		return this.last;
	}

	/**
	 * Warn about upcasters given for a task name no method defines (a typo, or a task
	 * removed): they are never applied.
	 */
	public void warnUnknownUpcasters() {
		if (this.codec instanceof VersionedTaskCodec versioned) {
			versioned.upcastTaskNames()
				.stream()
				.filter((name) -> this.registry.find(name).isEmpty())
				.forEach((name) -> logger.warn("TaskUpcaster beans name task '{}', which no @AsyncTask method "
						+ "defines; they are never applied. Fix taskName(), or remove them", name));
		}
	}

	private void read(TaskInfo info, Map<String, Tally> tallies) {
		Optional<TaskDefinition> definition = this.registry.find(info.name());
		if (definition.isEmpty()) {
			return;
		}
		Tally tally = tallies.computeIfAbsent(info.name(), (name) -> new Tally());
		tally.sampled++;
		try {
			this.codec.decode(definition.get(), info.payload());
		}
		catch (NewerTaskVersionException ex) {
			// an instance of the newer version reads it; this one hands it back
		}
		catch (RuntimeException ex) {
			if (tally.unreadable++ == 0) {
				tally.queue = info.queue();
				tally.id = info.id();
				tally.error = String.valueOf(ex.getMessage());
			}
		}
	}

	private static void warn(UnreadableTasks tasks) {
		logger.warn(
				"{} of {} stored tasks of task '{}' sampled at start-up cannot be read by this instance's code "
						+ "and upcasters; they will go dead when fetched. Example: task {} in queue '{}': {}. Add a "
						+ "TaskUpcaster and raise @AsyncTask(version), or restore the old parameters "
						+ "(see docs/changing-task-signatures.md)",
				tasks.count(), tasks.sampled(), tasks.taskName(), tasks.exampleId(), tasks.exampleQueue(),
				tasks.exampleError());
	}

	private static final class Tally {

		int sampled;

		int unreadable;

		String queue = "";

		String id = "";

		String error = "";

	}

}
