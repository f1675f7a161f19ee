package io.github.asynctask.worker;

import java.time.Duration;

/**
 * How often an instance refreshes its registration (the fleet's heartbeat call, which
 * also marks it as serving its queues and counts the live instances): at every heartbeat
 * while the fleet is small; in a large fleet every few heartbeats, so that the whole
 * fleet sends about {@link #FLEET_CALLS_PER_SECOND} of these calls a second however many
 * instances it has. The registration then lives as many times longer than the lease, so
 * it is still refreshed as often per lifetime as in a small fleet. Leases are renewed at
 * every heartbeat either way.
 */
final class RegistrationPace {

	/** The registration calls a second the whole fleet aims at, once it is large. */
	static final int FLEET_CALLS_PER_SECOND = 10;

	private final Duration interval;

	private final Duration lease;

	/** Heartbeats between two registrations, as the last count of the fleet set it. */
	private long every = 1;

	/**
	 * The {@link #every} of the registration last sent, which its time to live covers.
	 */
	private long covered = 1;

	/** Heartbeats since the last registration; due at once on the first heartbeat. */
	private long since = Long.MAX_VALUE;

	RegistrationPace(Duration interval, Duration lease) {
		this.interval = interval;
		this.lease = lease;
	}

	/** Counts a heartbeat; true when it should refresh the registration. */
	boolean due() {
		if (this.since != Long.MAX_VALUE) {
			this.since++;
		}
		return this.since >= this.covered;
	}

	/**
	 * How long the registration sent now lives: the lease, times the heartbeats it spans.
	 */
	Duration ttl() {
		return this.lease.multipliedBy(this.every);
	}

	/** The registration was sent with {@link #ttl()} and counted {@code instances}. */
	void sent(int instances) {
		this.covered = this.every;
		this.since = 0;
		this.every = every(instances);
	}

	/** The heartbeats between registrations for a fleet of {@code instances}. */
	long every(int instances) {
		long fleetMillis = Math.max(1, instances) * 1000L / FLEET_CALLS_PER_SECOND;
		return Math.max(1, (fleetMillis + this.interval.toMillis() - 1) / Math.max(1, this.interval.toMillis()));
	}

}
