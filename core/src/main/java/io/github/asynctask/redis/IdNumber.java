package io.github.asynctask.redis;

/**
 * An instance number of short task ids this instance holds under a lease, with the window
 * of milliseconds (each holder's own clock) it may make ids in.
 *
 * @param number 0..65535
 * @param after ids with this number use only milliseconds after this (Unix ms): the
 * previous holders may have used everything up to it
 * @param horizon ids with this number use only milliseconds up to this one (Unix ms), as
 * recorded in Redis for the next holder
 */
public record IdNumber(int number, long after, long horizon) {

	/** How many instance numbers there are. */
	public static final int COUNT = 1 << 16;

}
