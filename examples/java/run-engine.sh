#!/bin/sh
# Wrapper for the Java example engine: what `--adapter "cmd:examples/java/run-engine.sh"` starts.
#
# It compiles src/TinyEngine.java into build/ when the class is missing or older than the
# source (javac's messages go to stderr, never to stdout, which carries only protocol lines),
# then runs it with an explicit classpath (-cp: the harness passes no CLASSPATH) and UTF-8
# streams. `exec` makes the JVM the engine process itself, so the harness's time limits and
# kills reach it directly.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
classes="$here/build"
if [ ! -f "$classes/TinyEngine.class" ] || [ "$here/src/TinyEngine.java" -nt "$classes/TinyEngine.class" ]; then
    # Compile into a fresh directory, then move it into place: engines started side by side
    # (mtgconf run --jobs N) never see a half-written class.
    tmp=$(mktemp -d "$here/.build.XXXXXX")
    javac -encoding UTF-8 -d "$tmp" "$here/src/TinyEngine.java" >&2
    rm -rf "$classes.old"
    [ -d "$classes" ] && mv "$classes" "$classes.old" 2>/dev/null || true
    mv "$tmp" "$classes" 2>/dev/null || rm -rf "$tmp"
    rm -rf "$classes.old"
fi
# A real engine adds its jars here: -cp "$classes:$here/lib/*"
exec java -Dfile.encoding=UTF-8 -Dstdout.encoding=UTF-8 -Dstderr.encoding=UTF-8 \
    -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto \
    -cp "$classes" TinyEngine "$@"
