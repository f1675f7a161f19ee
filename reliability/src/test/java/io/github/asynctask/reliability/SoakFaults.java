package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisServer;

import static org.awaitility.Awaitility.await;

/**
 * The soak's faults, one at a time at seeded moments: kill -9 of a worker JVM (restarted
 * a moment later), kill -9 of a master (its replica takes over, the old master comes back
 * as a replica), every client connection killed, every Redis node refusing clients for
 * longer than a command's timeout while transactions commit, and once, half-way, a
 * shard-count change rolled over the workers. Each fault is recorded with its moment so
 * that the checker can tell which runs it caught.
 */
final class SoakFaults {

	enum Kind {

		WORKER_KILL, MASTER_KILL, CLIENT_KILL, REDIS_PAUSE, RESHARD

	}

	/** A fault that happened, from {@code at} to {@code until} (epoch ms). */
	record Done(Kind kind, long at, long until, String detail) {
	}

	/** The gap before a fault the schedule still owes once the time is up. */
	static final Duration OVERTIME_GAP = Duration.ofSeconds(3);

	/** How long every node refuses clients: over the producer's 2 s command timeout. */
	static final Duration PAUSE = Duration.ofSeconds(3);

	private final RedisCluster cluster;

	private final SoakWorkers workers;

	private final SoakLoad load;

	private final Random random;

	final List<Done> done = Collections.synchronizedList(new ArrayList<>());

	/**
	 * The bound on each wait for the cluster (a failover, a restarted node's link, a
	 * replica's catching up): generous, as these are events the wait ends on early, and
	 * scaled with the run like the workers' start bound.
	 */
	private final Duration patience;

	SoakFaults(RedisCluster cluster, SoakWorkers workers, SoakLoad load, long seed, Duration patience) {
		this.patience = patience;
		this.cluster = cluster;
		this.workers = workers;
		this.load = load;
		this.random = new Random(seed ^ 0x5eed);
	}

	/**
	 * Where in the run the shard change happens: at this fraction of its length, whatever
	 * the faults before it took (a 30-minute run whose faults took 22 s each, not 9,
	 * never reached a change placed in the middle of a list of faults).
	 */
	static final double RESHARD_AT = 0.5;

	/**
	 * Run faults over {@code length}, one every 6 to 12 s after the one before ended, the
	 * kinds drawn from the seed in rounds that hold each repeatable kind once; the shard
	 * change once, when {@link #RESHARD_AT} of the run has passed (the next fault waits
	 * for it, the following ones are drawn from its end). Returns when the last fault is
	 * over. A kind not yet met when the time is up (slow faults push the later ones back)
	 * still runs, a short gap after the one before, so that every run, the short one too,
	 * meets every kind.
	 */
	void run(Duration length, Consumer<String> log) {
		long start = System.currentTimeMillis();
		long end = start + length.toMillis();
		long reshardAt = start + Math.round(length.toMillis() * RESHARD_AT);
		Set<Kind> missing = EnumSet.allOf(Kind.class);
		List<Kind> round = new ArrayList<>();
		while (true) {
			long gap = 6000 + this.random.nextInt(6000);
			long next = System.currentTimeMillis() + gap;
			Kind kind;
			if (missing.contains(Kind.RESHARD) && next >= reshardAt) {
				next = Math.max(System.currentTimeMillis(), reshardAt);
				kind = Kind.RESHARD;
			}
			else if (next < end) {
				if (round.isEmpty()) {
					round.addAll(REPEATABLE);
					Collections.shuffle(round, this.random);
				}
				kind = round.remove(0);
			}
			else {
				break;
			}
			sleep(next - System.currentTimeMillis());
			apply(kind, start, log);
			missing.remove(kind);
		}
		// the overtime: kinds the time left no room for, in a fixed order
		for (Kind kind : Kind.values()) {
			if (missing.contains(kind)) {
				sleep(OVERTIME_GAP.toMillis());
				apply(kind, start, log);
			}
		}
		sleep(Math.max(0, end - System.currentTimeMillis()));
	}

	private static final List<Kind> REPEATABLE = List.of(Kind.WORKER_KILL, Kind.MASTER_KILL, Kind.CLIENT_KILL,
			Kind.REDIS_PAUSE);

	private void apply(Kind kind, long start, Consumer<String> log) {
		long at = System.currentTimeMillis();
		String detail = apply(kind);
		this.done.add(new Done(kind, at, System.currentTimeMillis(), detail));
		log.accept("SOAK fault " + kind + " at +" + (at - start) + " ms, " + (System.currentTimeMillis() - at) + " ms: "
				+ detail);
	}

	private String apply(Kind kind) {
		return switch (kind) {
			case WORKER_KILL -> this.workers.killAndRestart(this.random.nextInt(this.workers.size()));
			case MASTER_KILL -> killMaster();
			case CLIENT_KILL -> killClients();
			case REDIS_PAUSE -> pauseRedis();
			case RESHARD -> this.workers.reshard(this.load);
		};
	}

	/**
	 * Kill -9 a master once its replica has every write acknowledged so far (the submits
	 * are held meanwhile: asynchronous replication would lose what the replica had not
	 * copied, a property of Redis, not of the library); restart it as a replica.
	 */
	private String killMaster() {
		List<RedisServer> masters = this.cluster.nodes()
			.stream()
			.filter(RedisServer::isRunning)
			.filter((node) -> role(node).startsWith("master"))
			.toList();
		RedisServer master = masters.get(this.random.nextInt(masters.size()));
		this.load.pause();
		try {
			awaitReplicaInSync(master, this.patience);
			master.kill();
			await().atMost(this.patience)
				.pollInterval(Duration.ofMillis(100))
				.ignoreExceptions()
				.until(() -> this.cluster.nodes()
					.stream()
					.filter(RedisServer::isRunning)
					.filter((node) -> node != master)
					.filter((node) -> role(node).startsWith("master"))
					.count() == 3);
		}
		finally {
			this.load.resume();
		}
		sleep(1000);
		master.start();
		await().atMost(this.patience)
			.pollInterval(Duration.ofMillis(200))
			.ignoreExceptions()
			.until(() -> String.valueOf(master.cli("INFO", "replication")).contains("master_link_status:up"));
		return "master " + master.port() + " killed, back as a replica";
	}

	/**
	 * Until a replica has every write up to now. The master's offset is read once: the
	 * workers keep writing (fetches, heartbeats, ticks), and a replica reports its offset
	 * about once a second, so "caught up with the master's offset of the moment" held
	 * only in a lull, which a loaded machine did not give within the bound (the first
	 * 30-minute run, seed 20261128, failed there after 18 min). Writes after the reading
	 * may be lost with the master; the checker allows for them
	 * ({@link SoakChecker#REPLICATION_WINDOW_MS}).
	 */
	private static void awaitReplicaInSync(RedisServer master, Duration patience) {
		long offset = field(String.valueOf(master.cli("INFO", "replication")), "master_repl_offset");
		await().atMost(patience).pollInterval(Duration.ofMillis(20)).ignoreExceptions().until(() -> {
			String info = String.valueOf(master.cli("INFO", "replication"));
			return info.lines().filter((line) -> line.startsWith("slave")).anyMatch((line) -> {
				String value = line.substring(line.indexOf("offset=") + 7);
				return Long.parseLong(value.substring(0, value.indexOf(','))) >= offset;
			});
		});
	}

	private String killClients() {
		int killed = 0;
		for (RedisServer node : this.cluster.nodes()) {
			if (node.isRunning()) {
				killed += Integer.parseInt(String.valueOf(node.cli("CLIENT", "KILL", "TYPE", "normal")).trim());
			}
		}
		return killed + " client connections killed";
	}

	private String pauseRedis() {
		for (RedisServer node : this.cluster.nodes()) {
			if (node.isRunning()) {
				node.cli("CLIENT", "PAUSE", String.valueOf(PAUSE.toMillis()), "ALL");
			}
		}
		sleep(PAUSE.toMillis());
		return "every node refused clients for " + PAUSE.toMillis() + " ms";
	}

	private static String role(RedisServer node) {
		return String.valueOf(node.cli("ROLE"));
	}

	private static long field(String info, String name) {
		return info.lines()
			.filter((line) -> line.startsWith(name + ":"))
			.mapToLong((line) -> Long.parseLong(line.substring(name.length() + 1).trim()))
			.findFirst()
			.orElseThrow();
	}

	static void sleep(long millis) {
		try {
			Thread.sleep(Math.max(0, millis));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
