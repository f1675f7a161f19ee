-- async-task outbox table for MySQL 8 and MariaDB 10.6+ (InnoDB; SKIP LOCKED needs those
-- versions). Copy into a Flyway/Liquibase migration when
-- async-task.outbox.initialize-schema=never; rename async_task_outbox to your table name.
-- created_at is epoch milliseconds; the index keeps the relay's oldest-first query O(batch).
CREATE TABLE IF NOT EXISTS async_task_outbox (
  id VARCHAR(64) NOT NULL PRIMARY KEY,
  queue VARCHAR(255) NOT NULL,
  payload LONGTEXT NOT NULL,
  created_at BIGINT NOT NULL,
  attempts INT NOT NULL DEFAULT 0,
  last_error VARCHAR(1000),
  INDEX async_task_outbox_created_at (created_at)
) ENGINE=InnoDB;
