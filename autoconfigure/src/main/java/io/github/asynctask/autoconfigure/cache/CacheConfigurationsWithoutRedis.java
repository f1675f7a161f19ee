package io.github.asynctask.autoconfigure.cache;

import java.util.List;

import org.springframework.boot.autoconfigure.cache.CacheType;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Spring Boot's own cache configurations (package-private in
 * {@code org.springframework.boot.cache.autoconfigure}), in the order its
 * {@code CacheAutoConfiguration} imports them, with Redis left out: the first whose
 * conditions hold gives the cache manager, as Boot's automatic choice does.
 */
final class CacheConfigurationsWithoutRedis implements ImportSelector {

	/** Boot's {@link CacheType} order, without {@link CacheType#REDIS}. */
	static final List<CacheType> TYPES = List.of(CacheType.GENERIC, CacheType.JCACHE, CacheType.HAZELCAST,
			CacheType.COUCHBASE, CacheType.INFINISPAN, CacheType.CACHE2K, CacheType.CAFFEINE, CacheType.SIMPLE,
			CacheType.NONE);

	private static final String PACKAGE = "org.springframework.boot.cache.autoconfigure.";

	@Override
	public String[] selectImports(AnnotationMetadata importingClassMetadata) {
		String[] imports = new String[TYPES.size() + 1];
		for (int i = 0; i < TYPES.size(); i++) {
			imports[i] = PACKAGE + simpleName(TYPES.get(i));
		}
		// a JPA application's EntityManagerFactory waits for the cache manager, as with
		// Boot's
		imports[TYPES.size()] = PACKAGE
				+ "CacheAutoConfiguration$CacheManagerEntityManagerFactoryDependsOnConfiguration";
		return imports;
	}

	private static String simpleName(CacheType type) {
		return switch (type) {
			case GENERIC -> "GenericCacheConfiguration";
			case JCACHE -> "JCacheCacheConfiguration";
			case HAZELCAST -> "HazelcastCacheConfiguration";
			case COUCHBASE -> "CouchbaseCacheConfiguration";
			case INFINISPAN -> "InfinispanCacheConfiguration";
			case REDIS -> "RedisCacheConfiguration";
			case CACHE2K -> "Cache2kCacheConfiguration";
			case CAFFEINE -> "CaffeineCacheConfiguration";
			case SIMPLE -> "SimpleCacheConfiguration";
			case NONE -> "NoOpCacheConfiguration";
		};
	}

}
