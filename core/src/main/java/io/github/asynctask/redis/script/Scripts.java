package io.github.asynctask.redis.script;

/**
 * Every script of the broker, loaded once per class loader.
 */
final class Scripts {

	static final LuaScript ENQUEUE = LuaScript.load("enqueue");

	static final LuaScript DEQUEUE = LuaScript.load("dequeue");

	static final LuaScript RELEASE_FETCH = LuaScript.load("release_fetch");

	static final LuaScript RATE_TAKE = LuaScript.load("rate_take");

	static final LuaScript RATE_SETTLE = LuaScript.load("rate_settle");

	static final LuaScript COMPLETE = LuaScript.load("complete");

	static final LuaScript RETRY = LuaScript.load("retry");

	static final LuaScript KILL = LuaScript.load("kill");

	static final LuaScript BURY = LuaScript.load("bury");

	static final LuaScript REQUEUE = LuaScript.load("requeue");

	static final LuaScript HAND_BACK = LuaScript.load("hand_back");

	static final LuaScript EXTEND = LuaScript.load("extend");

	static final LuaScript RECOVER = LuaScript.load("recover");

	static final LuaScript FORWARD = LuaScript.load("forward");

	static final LuaScript TRIM = LuaScript.load("trim");

	static final LuaScript QUEUE_IDLE = LuaScript.load("queue_idle");

	static final LuaScript FORGET_QUEUE = LuaScript.load("forget_queue");

	static final LuaScript STATS = LuaScript.load("stats");

	static final LuaScript DELETE = LuaScript.load("delete");

	static final LuaScript RETRY_DEAD = LuaScript.load("retry_dead");

	static final LuaScript HEARTBEAT = LuaScript.load("heartbeat");

	static final LuaScript INSTANCES = LuaScript.load("instances");

	static final LuaScript UNREGISTER = LuaScript.load("unregister");

	static final LuaScript SERVING = LuaScript.load("serving");

	static final LuaScript SET_PAUSED = LuaScript.load("set_paused");

	static final LuaScript FIND = LuaScript.load("find");

	static final LuaScript LIST = LuaScript.load("list");

	static final LuaScript QUEUES = LuaScript.load("queues");

	static final LuaScript PLACED = LuaScript.load("placed");

	static final LuaScript LAYOUTS = LuaScript.load("layouts");

	static final LuaScript ID_CLAIM = LuaScript.load("id_claim");

	static final LuaScript ID_RENEW = LuaScript.load("id_renew");

	private Scripts() {
	}

}
