package io.github.asynctask.benchmarks;

import java.util.Map;
import java.util.Set;

/**
 * A peer system (same name, versions and features) running the {@code workload}
 * scenario's order body instead of the no-op.
 */
final class WorkloadSystem implements SystemUnderTest {

	/** Opens a contender for one repetition. */
	@FunctionalInterface
	interface Opener {

		WorkloadContender open(RedisTarget redis) throws Exception;

	}

	private final SystemUnderTest peer;

	private final String setup;

	private final boolean virtualThreads;

	private final Opener opener;

	WorkloadSystem(SystemUnderTest peer, String setup, boolean virtualThreads, Opener opener) {
		this.peer = peer;
		this.setup = setup;
		this.virtualThreads = virtualThreads;
		this.opener = opener;
	}

	/** The workload variant of {@code peer}, or null when it has none. */
	static WorkloadSystem of(SystemUnderTest peer) {
		return switch (peer.name()) {
			case "async-task" -> new WorkloadSystem(peer, AsyncTaskWorkload.SETUP, true, AsyncTaskWorkload::new);
			case "redisson" -> new WorkloadSystem(peer, RedissonWorkload.SETUP, false, RedissonWorkload::new);
			case "jesque" -> new WorkloadSystem(peer, JesqueWorkload.SETUP, false, JesqueWorkload::new);
			case "thread-pool" ->
				new WorkloadSystem(peer, LocalPoolWorkload.SETUP, true, (redis) -> new LocalPoolWorkload());
			default -> null;
		};
	}

	/** Whether it can run bodies on virtual threads. */
	boolean virtualThreads() {
		return this.virtualThreads;
	}

	@Override
	public String name() {
		return this.peer.name();
	}

	@Override
	public Map<String, String> versions() {
		return this.peer.versions();
	}

	@Override
	public Set<Feature> features() {
		return this.peer.features();
	}

	@Override
	public String setup() {
		return this.setup;
	}

	@Override
	public int scaled(int n) {
		return this.peer.scaled(n);
	}

	@Override
	public Contender open(RedisTarget redis) throws Exception {
		return this.opener.open(redis);
	}

}
