package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.schedule.ScheduleListener;
import io.github.asynctask.schedule.ScheduleListener.TickOutcome;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.github.asynctask.worker.WorkerContainer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Schedule ticks in a fleet: the instance holding the queue's agent turn fires them on
 * time, the others only fall back (each at least {@code lease / 15} late), and when the
 * holder stops another instance takes the turn and the ticks over.
 */
@ExtendWith(RedisExtension.class)
class ScheduleTurnsIntegrationTests {

	private static final String QUEUE = "default";

	/** Which application (0, 1, 2) fired each tick, in order. */
	private static final List<Fired> fired = new CopyOnWriteArrayList<>();

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		fired.clear();
		EverySecond.ticks.clear();
		// a turn of 7.5 s, looked for every second: a fallback call comes at least 1 s
		// late
		this.runner = WorkerContexts.on(redis)
			.withBean(EverySecond.class)
			.withPropertyValues("async-task.lease=15s", "async-task.shutdown-timeout=1s");
	}

	@Test
	void theTurnHolderFiresEveryTickAndAnotherTakesOverWhenItStops() {
		app(0).run((first) -> app(1).run((second) -> app(2).run((third) -> {
			List<ConfigurableApplicationContext> apps = List.of(first, second, third);
			int holder = awaitHolder(apps, -1);
			// from the holder's first tick: a tick due while the turn was being taken may
			// fire from the fallback of another instance
			Instant from = firstFiredBy(holder, Instant.now());
			await().atMost(Duration.ofSeconds(20)).until(() -> firedSince(from).size() >= 6);
			assertThat(firedSince(from)).extracting(Fired::app).containsOnly(holder);
			// the holder stops cleanly: another takes the turn and the ticks, none fires
			// twice
			apps.get(holder).close();
			int next = awaitHolder(apps, holder);
			Instant after = firstFiredBy(next, Instant.now());
			await().atMost(Duration.ofSeconds(20)).until(() -> firedSince(after).size() >= 6);
			assertThat(firedSince(after)).extracting(Fired::app).containsOnly(next);
			Map<Instant, Long> perTick = EverySecond.ticks.stream()
				.collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
			assertThat(perTick).allSatisfy((tick, runs) -> assertThat(runs).as("runs of %s", tick).isEqualTo(1));
		})));
	}

	private ApplicationContextRunner app(int index) {
		return this.runner.withBean("ticksOf" + index, ScheduleListener.class, () -> (schedule, outcome, count) -> {
			if (outcome == TickOutcome.FIRED) {
				fired.add(new Fired(index, Instant.now()));
			}
		});
	}

	/**
	 * The running application holding the queue's turn, once one but {@code not} does.
	 */
	private static int awaitHolder(List<ConfigurableApplicationContext> apps, int not) {
		int[] holder = { -1 };
		await().atMost(Duration.ofSeconds(30)).until(() -> {
			for (int i = 0; i < apps.size(); i++) {
				if (i != not && apps.get(i).isActive() && container(apps.get(i)).tickFallback(QUEUE).isZero()) {
					holder[0] = i;
					return true;
				}
			}
			return false;
		});
		return holder[0];
	}

	private static WorkerContainer container(ConfigurableApplicationContext app) {
		return app.getBean(AsyncTaskWorkers.class).container().orElseThrow();
	}

	/** When {@code app} first fired a tick after {@code since}. */
	private static Instant firstFiredBy(int app, Instant since) {
		await().atMost(Duration.ofSeconds(20))
			.until(() -> firedSince(since).stream().anyMatch((each) -> each.app() == app));
		return firedSince(since).stream().filter((each) -> each.app() == app).findFirst().orElseThrow().at();
	}

	private static List<Fired> firedSince(Instant from) {
		return fired.stream().filter((each) -> each.at().isAfter(from)).toList();
	}

	record Fired(int app, Instant at) {
	}

	static class EverySecond {

		static final List<Instant> ticks = new CopyOnWriteArrayList<>();

		@AsyncTask(every = "1s")
		public void tick(Instant tick) {
			ticks.add(tick);
		}

	}

}
