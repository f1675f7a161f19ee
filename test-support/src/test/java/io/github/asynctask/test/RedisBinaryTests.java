package io.github.asynctask.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class RedisBinaryTests {

	@Test
	void variablePointingNowhereFailsNamingTheVariableAndHowToInstall() {
		Map<String, String> env = Map.of("REDIS_SERVER_BIN", "/nonexistent/redis-server", "PATH", "/usr/bin");
		assertThatIllegalStateException().isThrownBy(() -> RedisBinary.server(env::get))
			.withMessageContaining("REDIS_SERVER_BIN=/nonexistent/redis-server is not an executable file")
			.withMessageContaining("apt-get install redis-server");
	}

	@Test
	void binaryMissingFromPathFailsSayingHowToInstallOrConfigure(@TempDir Path emptyDir) {
		Map<String, String> env = Map.of("PATH", emptyDir.toString());
		assertThatIllegalStateException().isThrownBy(() -> RedisBinary.server(env::get))
			.withMessageContaining("redis-server is not on the PATH")
			.withMessageContaining("apt-get install redis-server")
			.withMessageContaining("REDIS_SERVER_BIN");
	}

	@Test
	void findsAnExecutableOnThePath(@TempDir Path dir) throws IOException {
		Path fake = Files.createFile(dir.resolve("redis-server"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
		Map<String, String> env = Map.of("PATH", "/nonexistent:" + dir);
		assertThat(RedisBinary.server(env::get)).isEqualTo(fake);
	}

	@Test
	void skipsAFileThatIsNotExecutable(@TempDir Path dir) throws IOException {
		Files.createFile(dir.resolve("redis-server"));
		Map<String, String> env = Map.of("PATH", dir.toString());
		assertThat(RedisBinary.find("redis-server", "REDIS_SERVER_BIN", env::get)).isNull();
	}

	@Test
	void variableWinsOverThePath(@TempDir Path dir) throws IOException {
		Path chosen = Files.createFile(dir.resolve("my-redis"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
		Map<String, String> env = Map.of("REDIS_SERVER_BIN", chosen.toString(), "PATH", "/usr/bin");
		assertThat(RedisBinary.server(env::get)).isEqualTo(chosen);
	}

}
