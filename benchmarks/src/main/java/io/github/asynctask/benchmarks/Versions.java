package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Versions of the libraries on the class path, read from the {@code pom.properties} Maven
 * puts in each jar, so a RESULT line says what really ran.
 */
final class Versions {

	private Versions() {
	}

	/**
	 * The version of the jar holding a class (for jars built without Maven metadata): its
	 * manifest's, else its file name.
	 */
	static String ofJar(Class<?> type) {
		String version = type.getPackage().getImplementationVersion();
		if (version != null) {
			return version;
		}
		try {
			String file = java.nio.file.Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
				.getFileName()
				.toString();
			return file.endsWith(".jar") ? file.substring(0, file.length() - 4) : file;
		}
		catch (Exception ex) {
			return "unknown";
		}
	}

	static String of(String groupId, String artifactId) {
		String path = "META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
		try (InputStream in = Versions.class.getClassLoader().getResourceAsStream(path)) {
			if (in == null) {
				return "unknown";
			}
			Properties properties = new Properties();
			properties.load(in);
			return properties.getProperty("version", "unknown");
		}
		catch (IOException ex) {
			return "unknown";
		}
	}

}
