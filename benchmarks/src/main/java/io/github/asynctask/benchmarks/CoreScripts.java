package io.github.asynctask.benchmarks;

import io.github.asynctask.redis.LuaSources;

/**
 * The broker's Lua scripts exactly as async-task sends them (the transition's file with
 * the {@code lib.lua} helpers it calls in front), so the raw-Redis row runs the same
 * transitions and the command breakdown recognises them by SHA-1.
 */
final class CoreScripts {

	private CoreScripts() {
	}

	static String source(String name) {
		return LuaSources.of(name);
	}

}
