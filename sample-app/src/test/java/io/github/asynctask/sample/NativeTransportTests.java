package io.github.asynctask.sample;

import java.util.Locale;
import java.util.Set;

import io.lettuce.core.resource.Transports;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The starter brings Lettuce's native epoll transport on the Linux platforms it ships it
 * for, and Lettuce takes it by itself: an application that adds only the starter talks to
 * Redis through epoll, not Java NIO.
 */
class NativeTransportTests {

	private static final Set<String> SHIPPED_ARCHITECTURES = Set.of("amd64", "x86_64", "aarch64");

	@Test
	void anApplicationWithTheStarterTalksToRedisThroughEpollOnLinux() {
		String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
		String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
		assumeTrue(os.contains("linux") && SHIPPED_ARCHITECTURES.contains(arch),
				"the starter ships epoll for Linux x86_64 and aarch64 only; this is " + os + "/" + arch);
		assertThat(Transports.socketChannelClass().getSimpleName()).isEqualTo("EpollSocketChannel");
	}

}
