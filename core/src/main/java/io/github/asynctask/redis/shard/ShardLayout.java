package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many shards each queue has: the count configured on this instance
 * ({@code async-task.queues.
 *
<q>.shards}, default 1) decides where submits go; the shards registered in Redis by any
 * instance ({@code
 *
<q>#<i>} in the queue registry) are served too. So an instance never strands the tasks of
 * a shard another instance (or an earlier configuration) still writes to: raising a count
 * needs nothing, and after lowering one the extra shards are served until the janitor
 * forgets them, empty.
 */
public final class ShardLayout {

	/** How often the registry is read again for shards other instances added. */
	static final Duration REFRESH = Duration.ofSeconds(10);

	/**
	 * The registry reads a second a large fleet makes as a whole: beyond 100 instances
	 * each reads it less often than {@link #REFRESH}, 100 ms times the fleet's instances.
	 */
	static final int FLEET_READS_PER_SECOND = 10;

	private static final Logger logger = LoggerFactory.getLogger(ShardLayout.class);

	private final Map<String, Integer> configured;

	private final Supplier<? extends Collection<String>> registry;

	private final LongSupplier nanoTime;

	private final ReentrantLock refreshing = new ReentrantLock();

	/** Shard indexes above 0 found in the registry, by queue; replaced whole. */
	private volatile Map<String, Set<Integer>> registered = Map.of();

	private volatile long refreshedAt;

	private volatile boolean loaded;

	/** The live instances of the fleet, as the worker's heartbeat last counted them. */
	private volatile IntSupplier fleet = () -> 1;

	private final Map<String, ShardCursor> cursors = new ConcurrentHashMap<>();

	/** (queue, registered count) pairs already warned about. */
	private final Set<String> warned = ConcurrentHashMap.newKeySet();

	/**
	 * A layout.
	 * @param configured shard count by queue; queues not named have one shard
	 * @param registry reads every queue name registered in Redis (shards included)
	 */
	public ShardLayout(Map<String, Integer> configured, Supplier<? extends Collection<String>> registry) {
		this(configured, registry, System::nanoTime);
	}

	ShardLayout(Map<String, Integer> configured, Supplier<? extends Collection<String>> registry,
			LongSupplier nanoTime) {
		configured.forEach(ShardLayout::check);
		this.configured = Map.copyOf(configured);
		this.registry = registry;
		this.nanoTime = nanoTime;
	}

	/** A layout where every queue has one shard and nothing is read from Redis. */
	public static ShardLayout unsharded() {
		return new ShardLayout(Map.of(), List::of);
	}

	/**
	 * Refuse a count outside 1..{@value ShardName#MAX_SHARDS}, or a queue name that reads
	 * as a shard, naming the property.
	 */
	public static void check(String queue, int shards) {
		if (shards < 1 || shards > ShardName.MAX_SHARDS) {
			throw new IllegalArgumentException("async-task.queues." + queue + ".shards must be within 1.."
					+ ShardName.MAX_SHARDS + " but was " + shards);
		}
		if (ShardName.looksLikeShard(queue)) {
			throw new IllegalArgumentException("Queue name '" + queue + "' ends in '" + ShardName.SEPARATOR
					+ "<digits>', which names shards; rename the queue");
		}
	}

	/** The shard count this instance submits to. */
	public int configured(String queue) {
		return this.configured.getOrDefault(queue, 1);
	}

	/** Whether any queue has more than one shard here. */
	public boolean anySharded() {
		return this.configured.values().stream().anyMatch((count) -> count > 1);
	}

	/** The configured shard names of each queue, to register in Redis. */
	public List<String> configuredShards(String queue) {
		int count = configured(queue);
		List<String> names = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			names.add(ShardName.of(queue, i));
		}
		return names;
	}

	/**
	 * The Redis-side names of every shard of the queue this instance serves: the
	 * configured ones and any other registered in Redis, by index.
	 */
	public List<String> served(String queue) {
		refreshIfStale();
		Set<Integer> extra = this.registered.getOrDefault(queue, Set.of());
		int count = configured(queue);
		List<String> names = configuredShards(queue);
		for (int index : extra) {
			if (index >= count) {
				names.add(ShardName.of(queue, index));
			}
		}
		return names;
	}

	/**
	 * Read the registry less often in a large fleet (see
	 * {@link #FLEET_READS_PER_SECOND}): shards another instance adds are then served here
	 * up to 100 ms times the fleet's instances later (100 s at 1,000); the instances that
	 * added them serve them at once.
	 */
	public void paceBy(IntSupplier fleet) {
		this.fleet = fleet;
	}

	/** Where this instance's fetcher of the queue stands among its shards. */
	ShardCursor cursor(String queue) {
		return this.cursors.computeIfAbsent(queue, (name) -> new ShardCursor());
	}

	/** Read the registry now (start-up, tests). */
	public void refresh() {
		this.refreshing.lock();
		try {
			load();
		}
		finally {
			this.refreshing.unlock();
		}
	}

	private void refreshIfStale() {
		if (this.loaded && this.nanoTime.getAsLong() - this.refreshedAt < refreshNanos()) {
			return;
		}
		// one caller reads; the others go on with what is known
		if (this.refreshing.tryLock()) {
			try {
				load();
			}
			catch (RuntimeException ex) {
				logger.debug("Reading the queue registry for shards failed; keeping the shards known", ex);
			}
			finally {
				this.refreshing.unlock();
			}
		}
	}

	private long refreshNanos() {
		return Math.max(REFRESH.toNanos(), this.fleet.getAsInt() * (1_000_000_000L / FLEET_READS_PER_SECOND));
	}

	private void load() {
		// stamped first: a failing registry is read again after REFRESH, not on every
		// call
		this.refreshedAt = this.nanoTime.getAsLong();
		this.loaded = true;
		Map<String, Set<Integer>> found = new TreeMap<>();
		for (String name : this.registry.get()) {
			ShardName shard = ShardName.parse(name);
			if (shard.index() > 0) {
				found.computeIfAbsent(shard.queue(), (queue) -> new TreeSet<>()).add(shard.index());
			}
		}
		found.forEach(this::warnIfMismatched);
		this.registered = Map.copyOf(found);
	}

	private void warnIfMismatched(String queue, Set<Integer> indexes) {
		int seen = ((TreeSet<Integer>) indexes).last() + 1;
		int count = configured(queue);
		if (seen > count && this.warned.add(queue + '\0' + seen)) {
			logger.warn("Queue '{}' has shards up to {}{} registered in Redis, but async-task.queues.{}.shards={} "
					+ "here: this instance serves all {} shards and submits to {}. Give every instance the same "
					+ "count; after lowering it, the extra shards are forgotten once empty (docs/scaling-out.md)",
					queue, queue + ShardName.SEPARATOR, seen - 1, queue, count, seen, count);
		}
	}

}
