/**
 * The Lua scripts of the Redis public-cache store. Each runs atomically in
 * Redis, so no write of one instance can fall between the read and the write
 * of another.
 *
 * Invalidation is a tag-version scheme, not a set of keys per tag: every tag
 * has a marker key holding the Redis time (µs) of its last eviction ("0" when
 * never evicted). An entry carries the tags it was stored with and a stamp:
 * the Redis time its fill was claimed (before the upstream call), or of its
 * write. It is served only while every marker is older than its stamp.
 * Evicting is one SET per tag, whatever the number of entries; an eviction
 * that lands while another instance is still fetching the old answer makes
 * that answer unstorable (its stamp is older than the marker), which a set of
 * keys per tag cannot tell. A marker lives at least as long as any entry
 * carrying it (`set` extends it); a missing marker (dropped by maxmemory)
 * counts as an eviction, so losing one can only cost a miss, never revive a
 * stale answer. Times all come from Redis's clock: instances' clocks may differ.
 */

/** Redis time in µs (exact in a Lua double until the year 2255). */
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000000 + tonumber(t[2])`;

/** KEYS[1] entry; ARGV[1] marker prefix. Returns the answer's JSON, or nil (dropping the entry) once a tag was evicted. */
export const GET_ENTRY = `
local fields = redis.call('HMGET', KEYS[1], 's', 't', 'a')
if not fields[3] then return nil end
local stamp = tonumber(fields[1])
for _, tag in ipairs(cjson.decode(fields[2])) do
  local marker = redis.call('GET', ARGV[1] .. tag)
  if not marker or tonumber(marker) >= stamp then
    redis.call('DEL', KEYS[1])
    return nil
  end
end
return fields[3]`;

/**
 * KEYS[1] entry, KEYS[2..] the tags' markers; ARGV[1] answer JSON, ARGV[2] tags JSON, ARGV[3] ttl ms,
 * ARGV[4] the fill's stamp or "". Returns 0 without storing when a tag was evicted after the fill began.
 */
export const SET_ENTRY = `
${NOW}
local stamp = now
if ARGV[4] ~= '' then stamp = tonumber(ARGV[4]) end
local ttl = tonumber(ARGV[3])
for i = 2, #KEYS do
  local marker = redis.call('GET', KEYS[i])
  if marker and tonumber(marker) >= stamp then return 0 end
end
for i = 2, #KEYS do
  if not redis.call('SET', KEYS[i], '0', 'NX', 'PX', ttl) then
    local left = redis.call('PTTL', KEYS[i])
    if left >= 0 and left < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
  end
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 's', string.format('%.0f', stamp), 't', ARGV[2], 'a', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
return 1`;

/**
 * KEYS: the tags' markers; ARGV[1] the least time a marker is kept (ms), so a fill claimed before the eviction
 * cannot store its answer after it even when no entry carried the tag yet.
 */
export const EVICT_TAGS = `
${NOW}
local floor = tonumber(ARGV[1])
for i = 1, #KEYS do
  local left = redis.call('PTTL', KEYS[i])
  if left < floor then left = floor end
  redis.call('SET', KEYS[i], string.format('%.0f', now), 'PX', left)
end
return #KEYS`;

/** KEYS[1] lock; ARGV[1] token, ARGV[2] ttl ms. Returns the claim's stamp (Redis µs), or nil when another holds it. */
export const CLAIM_FILL = `
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', tonumber(ARGV[2])) then return nil end
${NOW}
return string.format('%.0f', now)`;

/** KEYS[1] lock; ARGV[1] token, ARGV[2] channel, ARGV[3] key. Deletes the lock only if this token holds it, then tells waiters. */
export const RELEASE_FILL = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1`;
