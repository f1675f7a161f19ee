package io.github.asynctask.test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class RedisBinaryTests {

	@Test
	void variablePointingNowhereFailsNamingTheVariableAndHowToInstall() {
		Map<String, String> env = Map.of("REDIS_SERVER_BIN", "/nonexistent/redis-server", "PATH", "/usr/bin");
		assertThatIllegalStateException().isThrownBy(() -> RedisBinary.server(env::get))
			.withMessageContaining("REDIS_SERVER_BIN=/nonexistent/redis-server is not an executable file")
			.withMessageContaining("apt-get install redis-server");
	}

	@Test
	void binaryMissingFromPathWithNoEmbeddedOneFailsSayingHowToInstallOrConfigure(@TempDir Path emptyDir) {
		Map<String, String> env = Map.of("PATH", emptyDir.toString());
		assertThatIllegalStateException().isThrownBy(() -> RedisBinary.server(env::get, () -> null))
			.withMessageContaining("redis-server is not on the PATH")
			.withMessageContaining("apt-get install redis-server")
			.withMessageContaining("REDIS_SERVER_BIN");
	}

	@Test
	void binaryMissingFromPathIsTheOneEmbeddedRedisShips(@TempDir Path emptyDir) throws Exception {
		assumeTrue(
				EmbeddedRedisBinary.resourceName(System.getProperty("os.name"), System.getProperty("os.arch")) != null,
				"embedded-redis ships no redis-server for this platform");
		Path server = RedisBinary.server(Map.of("PATH", emptyDir.toString())::get);
		assertThat(server).isExecutable();
		assertThat(version(server)).contains("v=6.2.");
	}

	@Test
	void embeddedIsChosenByNameEvenWhenOneIsInstalled(@TempDir Path dir) throws IOException {
		Path installed = Files.createFile(dir.resolve("redis-server"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
		Path embedded = dir.resolve("embedded-redis-server");
		Map<String, String> env = Map.of("REDIS_SERVER_BIN", "embedded", "PATH", dir.toString());
		assertThat(RedisBinary.server(env::get, () -> embedded)).isEqualTo(embedded).isNotEqualTo(installed);
	}

	@Test
	void embeddedBinariesAreNamedForLinuxAndMacOnly() {
		assertThat(EmbeddedRedisBinary.resourceName("Linux", "amd64")).isEqualTo("redis-server-6.2.6-v5-linux-amd64");
		assertThat(EmbeddedRedisBinary.resourceName("Linux", "aarch64")).isEqualTo("redis-server-6.2.7-linux-arm64");
		assertThat(EmbeddedRedisBinary.resourceName("Mac OS X", "aarch64"))
			.isEqualTo("redis-server-6.2.6-v5-darwin-arm64");
		assertThat(EmbeddedRedisBinary.resourceName("Windows 11", "amd64")).isNull();
	}

	private static String version(Path server) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(server.toString(), "--version").redirectErrorStream(true).start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		process.waitFor();
		return out;
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
