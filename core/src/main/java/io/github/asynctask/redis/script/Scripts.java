package io.github.asynctask.redis.script;

/**
 * Every script of the broker, loaded once per class loader.
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class Scripts {

	public static final LuaScript ENQUEUE = LuaScript.load("enqueue");

	public static final LuaScript DEQUEUE = LuaScript.load("dequeue");

	public static final LuaScript RELEASE_FETCH = LuaScript.load("release_fetch");

	public static final LuaScript RATE_TAKE = LuaScript.load("rate_take");

	public static final LuaScript RATE_SETTLE = LuaScript.load("rate_settle");

	public static final LuaScript COMPLETE = LuaScript.load("complete");

	public static final LuaScript RETRY = LuaScript.load("retry");

	public static final LuaScript KILL = LuaScript.load("kill");

	public static final LuaScript BURY = LuaScript.load("bury");

	public static final LuaScript REQUEUE = LuaScript.load("requeue");

	public static final LuaScript HAND_BACK = LuaScript.load("hand_back");

	public static final LuaScript EXTEND = LuaScript.load("extend");

	public static final LuaScript RECOVER = LuaScript.load("recover");

	public static final LuaScript FORWARD = LuaScript.load("forward");

	public static final LuaScript TRIM = LuaScript.load("trim");

	public static final LuaScript QUEUE_IDLE = LuaScript.load("queue_idle");

	public static final LuaScript FORGET_QUEUE = LuaScript.load("forget_queue");

	public static final LuaScript STATS = LuaScript.load("stats");

	public static final LuaScript DELETE = LuaScript.load("delete");

	public static final LuaScript RETRY_DEAD = LuaScript.load("retry_dead");

	public static final LuaScript HEARTBEAT = LuaScript.load("heartbeat");

	public static final LuaScript INSTANCES = LuaScript.load("instances");

	public static final LuaScript UNREGISTER = LuaScript.load("unregister");

	public static final LuaScript SERVING = LuaScript.load("serving");

	public static final LuaScript TURN = LuaScript.load("turn");

	public static final LuaScript SET_PAUSED = LuaScript.load("set_paused");

	public static final LuaScript FIND = LuaScript.load("find");

	public static final LuaScript LIST = LuaScript.load("list");

	public static final LuaScript QUEUES = LuaScript.load("queues");

	public static final LuaScript PLACED = LuaScript.load("placed");

	public static final LuaScript LAYOUTS = LuaScript.load("layouts");

	public static final LuaScript ID_CLAIM = LuaScript.load("id_claim");

	public static final LuaScript ID_RENEW = LuaScript.load("id_renew");

	private Scripts() {
	}

}
