package io.github.asynctask.outbox;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskState;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.event.CompositeTaskListener;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.submit.SubmitObserver;
import io.github.asynctask.submit.TaskSubmitter;
import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outbox on a local 3-master Redis Cluster: a transaction's tasks for queues on
 * different shards are sent after the commit, and a relay round holding rows of several
 * queues moves them all (one enqueue call per queue, each in its queue's slot).
 */
@ExtendWith(RedisClusterExtension.class)
class OutboxClusterIntegrationTests {

	private static final List<String> QUEUES = List.of("default", "mail", "orders", "reports");

	@Test
	void tasksOfQueuesOnEveryShardGoAfterTheCommitAndThroughTheRelay(RedisCluster cluster) {
		LettuceConnectionFactory connections = new LettuceConnectionFactory(
				new RedisClusterConfiguration(cluster.hostPorts()),
				LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(2)).build());
		connections.afterPropertiesSet();
		connections.start();
		DataSource dataSource = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
			.generateUniqueName(true)
			.build();
		OutboxTable table = new OutboxTable("cluster_outbox");
		new OutboxSchema(dataSource, table).initialize(InitializeSchema.EMBEDDED);
		try (OutboxCleaner cleaner = new OutboxCleaner(dataSource, table)) {
			LuaRedisBroker broker = new LuaRedisBroker(connections, OutboxIntegrationTests.KEYS);
			JdbcSubmitOutbox outbox = new JdbcSubmitOutbox(dataSource, table, cleaner, Clock.systemUTC());
			ResendBuffer resend = new ResendBuffer(broker, 100, new CompositeTaskListener(List.of()));
			TaskSubmitter submitter = new TaskSubmitter(broker,
					new JacksonTaskCodec(JsonMapper.builder().build(), 1 << 20), new BizIdEvaluator(), List.of(),
					new CompositeTaskListener(List.of()), resend, Clock.systemUTC(), SubmitObserver.NONE, null, outbox);
			TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
			List<String[]> sent = transactions.execute((status) -> {
				List<String[]> ids = new ArrayList<>();
				for (String queue : QUEUES) {
					ids.add(new String[] { queue,
							submitter
								.submit(OutboxIntegrationTests.definition(), new Object[] { 1L },
										TaskOptions.defaults().queue(queue))
								.taskId() });
				}
				return ids;
			});
			for (String[] task : sent) {
				assertThat(broker.find(task[0], task[1]))
					.hasValueSatisfying((info) -> assertThat(info.state()).isEqualTo(TaskState.PENDING));
			}
			List<EnqueueRequest> left = new ArrayList<>();
			QUEUES.forEach((queue) -> left.add(EnqueueRequest.now(queue, "left-" + queue, "ship", "{}", 0)));
			transactions.executeWithoutResult((status) -> outbox.write(left));
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			Awaitility.await()
				.atMost(Duration.ofSeconds(10))
				.until(() -> jdbc.queryForObject("select count(*) from cluster_outbox", Integer.class) == QUEUES
					.size());
			OutboxRelay relay = new OutboxRelay(dataSource, table, broker,
					new OutboxRelay.Settings(Duration.ZERO, Duration.ofSeconds(1), 100), Clock.systemUTC());
			assertThat(relay.relayOnce()).isEqualTo(QUEUES.size());
			for (EnqueueRequest request : left) {
				assertThat(broker.find(request.queue(), request.id())).isPresent();
			}
			resend.close();
		}
		finally {
			connections.destroy();
		}
	}

}
