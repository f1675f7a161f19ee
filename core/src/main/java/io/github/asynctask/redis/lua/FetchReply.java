package io.github.asynctask.redis.lua;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ReplyReading;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import org.jspecify.annotations.Nullable;

/**
 * A dequeue reply ({@code dequeue.lua}: id, {@code "<meta>\n<payload>"} pairs, then
 * perhaps one number), read on Lettuce straight from the client's buffer: a task in the
 * packed shape becomes its {@link Delivery} as it arrives, with no byte array of its own
 * and no list of them (the generic output copies every bulk string, a share of the heap
 * per drained task that showed in profiles, issue 37). Anything else is kept as it came
 * and read on the fetcher by {@link DeliveryReader#read}, which gives the same delivery
 * or the same error as before.
 */
final class FetchReply {

	/**
	 * Per task a {@link Delivery}, or an id and its value ({@link Raw}) still to read.
	 */
	private final List<Object> entries;

	/** The trailing number, or null. */
	private @Nullable Object held;

	private FetchReply(List<Object> entries) {
		this.entries = entries;
	}

	/** How a fetch of {@code queue} reads its reply. */
	static ReplyReading<FetchReply> reading(String queue, DeliveryReader reader) {
		return new ReplyReading<>() {

			@Override
			public CommandOutput<byte[], byte[], FetchReply> output() {
				return new Output(queue, reader);
			}

			@Override
			public FetchReply read(Object reply) {
				return generic(Replies.list(reply));
			}

		};
	}

	/** The reply as another client hands it over. */
	static FetchReply generic(List<?> reply) {
		int pairs = reply.size() - reply.size() % 2;
		FetchReply read = new FetchReply(new ArrayList<>(pairs / 2));
		for (int i = 0; i < pairs; i += 2) {
			read.entries.add(new Raw(reply.get(i), reply.get(i + 1)));
		}
		read.held = (pairs < reply.size()) ? reply.get(pairs) : null;
		return read;
	}

	/** The deliveries, each read by {@code reader} where the reply did not read it. */
	@SuppressWarnings("unchecked")
	List<Delivery> deliveries(String queue, DeliveryReader reader) {
		for (int i = 0; i < this.entries.size(); i++) {
			if (this.entries.get(i) instanceof Raw raw) {
				this.entries.set(i, reader.read(queue, raw.id(), raw.value()));
			}
		}
		// every entry is now a Delivery: the list is handed on as one, not copied
		return (List<Delivery>) (List<?>) this.entries;
	}

	/** The trailing number (see dequeue.lua), 0 when there is none. */
	long held() {
		return (this.held != null) ? Replies.number(this.held) : 0;
	}

	/** An id and its value as the reply gave them (byte[], or what else it held). */
	private record Raw(@Nullable Object id, @Nullable Object value) {
	}

	/**
	 * Lettuce's output of one dequeue call. Runs on the event loop, so it never throws: a
	 * value it cannot read fast is kept as a copy for the fetcher, and a shape it does
	 * not expect (a nested array) is kept the way the generic output would hand it over.
	 */
	private static final class Output extends CommandOutput<byte[], byte[], FetchReply> {

		/**
		 * Bulk strings are copied here first, one buffer per event loop thread: a string
		 * is then made with one copy of its own, where the reply's buffer is direct.
		 */
		private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[1024]);

		/** A longer bulk string takes a buffer of its own, not a grown shared one. */
		private static final int MAX_SCRATCH = 64 * 1024;

		private final String queue;

		private final DeliveryReader reader;

		/** Arrays opened and not yet completed. */
		private int depth;

		/**
		 * The item of the outer array waiting for its value: an id, or the last number.
		 */
		private @Nullable Object pending;

		private boolean hasPending;

		/** A nested array being collected as the generic output would. */
		private @Nullable List<@Nullable Object> nested;

		Output(String queue, DeliveryReader reader) {
			super(ByteArrayCodec.INSTANCE, new FetchReply(new ArrayList<>()));
			this.queue = queue;
			this.reader = reader;
		}

		@Override
		public void multi(int count) {
			this.depth++;
			if (this.depth == 2) {
				this.nested = new ArrayList<>(Math.max(count, 0));
			}
		}

		@Override
		public void complete(int depth) {
			if (depth >= this.depth) {
				return;
			}
			if (depth == 1 && this.nested != null) {
				List<@Nullable Object> list = this.nested;
				this.nested = null;
				item(list);
			}
			this.depth = depth;
		}

		@Override
		public void set(@Nullable ByteBuffer bytes) {
			if (this.depth >= 2) {
				nested((bytes != null) ? copy(bytes) : null);
				return;
			}
			if (bytes == null) {
				item(null);
				return;
			}
			int length = bytes.remaining();
			byte[] scratch = (length <= MAX_SCRATCH) ? scratch(length) : new byte[length];
			bytes.get(scratch, 0, length);
			if (!this.hasPending) {
				// an id (or a last number sent as a string): its text, as Replies reads
				// it
				item(new String(scratch, 0, length, StandardCharsets.UTF_8));
				return;
			}
			Delivery delivery = (this.pending instanceof String id)
					? this.reader.packed(this.queue, id, scratch, length) : null;
			if (delivery != null) {
				this.output.entries.add(delivery);
				this.pending = null;
				this.hasPending = false;
				return;
			}
			item(Arrays.copyOf(scratch, length));
		}

		@Override
		public void set(long integer) {
			if (this.depth >= 2) {
				nested(integer);
				return;
			}
			item(integer);
		}

		@Override
		public FetchReply get() {
			// an item left without a value is the trailing number (dequeue.lua)
			this.output.held = this.hasPending ? this.pending : null;
			return this.output;
		}

		/** One more item of the outer array, as the generic output would give it. */
		private void item(@Nullable Object item) {
			if (!this.hasPending) {
				this.pending = item;
				this.hasPending = true;
				return;
			}
			this.output.entries.add(new Raw(this.pending, item));
			this.pending = null;
			this.hasPending = false;
		}

		private void nested(@Nullable Object item) {
			if (this.nested != null) {
				this.nested.add(item);
			}
		}

		private static byte[] copy(ByteBuffer bytes) {
			byte[] copy = new byte[bytes.remaining()];
			bytes.get(copy);
			return copy;
		}

		private static byte[] scratch(int length) {
			byte[] scratch = SCRATCH.get();
			if (scratch.length < length) {
				scratch = new byte[Math.max(length, scratch.length * 2)];
				SCRATCH.set(scratch);
			}
			return scratch;
		}

	}

}
