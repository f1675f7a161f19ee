package io.github.asynctask.benchmarks;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;

import javax.sql.DataSource;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.aop.AsyncTaskAnnotationBeanPostProcessor;
import io.github.asynctask.aop.ProxyTaskBodyInvoker;
import io.github.asynctask.aop.ProxyTaskDefinitionCheck;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.AnnotationTaskRegistry;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.TaskDefaults;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.LuaRedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.submit.TaskSubmitter;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The async-task bean graph of the full-stack row, wired as the auto-configuration wires
 * it (no autoconfigure module exists yet), with an H2 transaction manager for the
 * after-commit batch and the {@link NoopTasks} bean.
 */
@Configuration(proxyBeanMethods = false)
class AsyncTaskStackConfiguration {

	static final RedisKeys KEYS = new RedisKeys("asynctask");

	@Bean
	static AsyncTaskAnnotationBeanPostProcessor asyncTaskAnnotationBeanPostProcessor() {
		return new AsyncTaskAnnotationBeanPostProcessor();
	}

	@Bean(destroyMethod = "destroy")
	LettuceConnectionFactory redisConnectionFactory(@Value("${bench.redis.host}") String host,
			@Value("${bench.redis.port}") int port) {
		return new LettuceConnectionFactory(new RedisStandaloneConfiguration(host, port));
	}

	@Bean
	LuaRedisBroker redisBroker(LettuceConnectionFactory connectionFactory) {
		return new LuaRedisBroker(connectionFactory, KEYS);
	}

	@Bean
	JacksonTaskCodec taskCodec() {
		return new JacksonTaskCodec(JsonMapper.builder().build(), JacksonTaskCodec.DEFAULT_MAX_PAYLOAD_BYTES);
	}

	@Bean
	BizIdEvaluator bizIdEvaluator() {
		return new BizIdEvaluator();
	}

	@Bean
	AnnotationTaskRegistry taskRegistry(JacksonTaskCodec codec, BizIdEvaluator bizIds) {
		return new AnnotationTaskRegistry(TaskDefaults.STANDARD, bizIds,
				List.of(codec, new ProxyTaskDefinitionCheck()));
	}

	@Bean(destroyMethod = "close")
	ResendBuffer resendBuffer(LuaRedisBroker broker) {
		return new ResendBuffer(broker, 10_000, TaskListener.NO_OP);
	}

	@Bean
	TaskSubmitter taskSubmitter(LuaRedisBroker broker, JacksonTaskCodec codec, BizIdEvaluator bizIds,
			ResendBuffer resendBuffer) {
		return new TaskSubmitter(broker, codec, bizIds, List.of(), TaskListener.NO_OP, resendBuffer, Clock.systemUTC());
	}

	@Bean
	ProxyTaskBodyInvoker taskBodyInvoker() {
		return new ProxyTaskBodyInvoker();
	}

	@Bean
	AsyncTaskTemplate asyncTaskTemplate(TaskSubmitter submitter, AnnotationTaskRegistry registry,
			LuaRedisBroker broker) {
		return new AsyncTaskTemplate(submitter, registry, broker);
	}

	@Bean(destroyMethod = "destroy")
	SingleConnectionDataSource dataSource() throws SQLException {
		SingleConnectionDataSource dataSource = new SingleConnectionDataSource("jdbc:h2:mem:bench;DB_CLOSE_DELAY=-1",
				true);
		dataSource.setDriverClassName("org.h2.Driver");
		return dataSource;
	}

	@Bean
	TransactionTemplate transactionTemplate(DataSource dataSource) {
		return new TransactionTemplate(new DataSourceTransactionManager(dataSource));
	}

	@Bean
	NoopTasks noopTasks() {
		return new NoopTasks();
	}

}
