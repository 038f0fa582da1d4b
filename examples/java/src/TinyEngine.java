// A tiny engine in Java that speaks the mtg-conformance JSON-lines protocol (version 1).
//
// The Java twin of examples/tiny_engine.py, written from the protocol alone with nothing but
// the JDK (17 or later): a minimal JSON reader and writer are at the bottom of this file. It
// knows printed characteristics under the modern rules (a card with static abilities, which
// could change them, is refused): a split card off the stack combines its halves (CR 709.4)
// and on the stack shows only the half being cast; a transforming double-faced card shows its
// front face except on the battlefield back face up, where it keeps the front face's mana
// value (CR 712.8). It declares in hello the queries it answers, so a case asking anything
// else is reported unsupported without being run. Everything else is answered "unsupported".
//
// Three things every JVM engine needs (see docs/engine-authors.md, "JVM engines"):
//  * UTF-8 on both streams, whatever the platform's default charset (card names are Unicode);
//  * one reply per line, flushed at once (System.out is block-buffered on a pipe);
//  * its classpath passed explicitly (-cp in run-engine.sh): the harness gives the engine a
//    filtered environment without CLASSPATH.
//
// Try it:  mtgconf run --adapter "cmd:examples/java/run-engine.sh" spec/cases/characteristics

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class TinyEngine {
    static final List<String> FEATURES =
            List.of("characteristics", "split-cards", "double-faced-cards", "kindred");
    static final List<String> QUERIES = List.of("mana_value", "mana_cost", "colors",
            "is_multicolored", "is_monocolored", "is_colorless", "name", "names", "types",
            "subtypes", "supertypes", "power", "toughness", "zone");
    static final String[] COLOR_LETTERS = {"W", "U", "B", "R", "G"};
    static final String[] COLOR_WORDS = {"white", "blue", "black", "red", "green"};
    static final Pattern SYMBOL = Pattern.compile("\\{([^}]+)\\}");

    /** Thrown for anything this engine cannot do: answered {"unsupported": why}. */
    static final class Unsupported extends Exception {
        Unsupported(String why) { super(why); }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        // autoflush off: we flush after each whole line ourselves.
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        Map<String, GameObject> objects = new LinkedHashMap<>();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Map<String, Object> request = asMap(Json.parse(line));
            Object seq = request.get("seq");
            String cmd = String.valueOf(request.get("cmd"));
            Map<String, Object> reply = new LinkedHashMap<>();
            reply.put("seq", seq);
            try {
                switch (cmd) {
                    case "hello" -> {
                        Map<String, Object> info = new LinkedHashMap<>();
                        info.put("name", "tiny-java");
                        info.put("version", "1.0");
                        info.put("eras", List.of("modern"));
                        info.put("features", FEATURES);
                        info.put("queries", QUERIES);
                        info.put("actions", List.of());
                        reply.put("info", info);
                    }
                    case "start" -> {
                        objects = start(asMap(request.get("setup")), asMap(request.get("cards")));
                        reply.put("ok", true);
                    }
                    case "observe" -> reply.put("value", answer(objects, asMap(request.get("query"))));
                    case "perform" -> throw new Unsupported("tiny-java performs no actions");
                    case "end", "quit" -> reply.put("ok", true);
                    default -> reply.put("error", "unknown command " + cmd);
                }
            } catch (Unsupported e) {
                reply = new LinkedHashMap<>();
                reply.put("seq", seq);
                reply.put("unsupported", e.getMessage());
            }
            out.print(Json.write(reply));
            out.print('\n');
            out.flush();
            if (cmd.equals("quit")) return;
        }
    }

    static Map<String, GameObject> start(Map<String, Object> setup, Map<String, Object> cards)
            throws Unsupported {
        Map<String, GameObject> objects = new LinkedHashMap<>();
        Object entries = setup.getOrDefault("objects", List.of());
        for (Object e : asList(entries)) {
            Map<String, Object> entry = asMap(e);
            Object name = entry.get("card");
            if (name == null || !cards.containsKey(name)) {
                throw new Unsupported("tiny-java only knows catalog cards");
            }
            Map<String, Object> card = asMap(cards.get(name));
            if (hasStaticAbilities(card)) {
                throw new Unsupported("tiny-java knows printed values, no static abilities");
            }
            String handle = String.valueOf(entry.getOrDefault("handle", String.valueOf(objects.size())));
            objects.put(handle, new GameObject(card, entry));
        }
        return objects;
    }

    static boolean hasStaticAbilities(Map<String, Object> card) {
        List<Object> faces = card.containsKey("faces") ? asList(card.get("faces")) : List.of(card);
        for (Object f : faces) {
            for (Object a : asList(asMap(f).getOrDefault("abilities", List.of()))) {
                if ("static".equals(asMap(a).get("kind"))) return true;
            }
        }
        return false;
    }

    static Object answer(Map<String, GameObject> objects, Map<String, Object> query)
            throws Unsupported {
        String kind = String.valueOf(query.get("query"));
        GameObject obj = objects.get(String.valueOf(query.get("object")));
        if (obj == null) throw new Unsupported("query " + kind + " without a known object");
        View v = obj.view();
        List<String> colors = new ArrayList<>();
        for (String word : COLOR_WORDS) if (v.colors.contains(word)) colors.add(word);  // WUBRG order
        if (kind.equals("mana_cost") && "split".equals(obj.card.get("layout")) && !obj.zone.equals("stack")) {
            throw new Unsupported("tiny-java does not write a split card's combined mana cost");
        }
        return switch (kind) {
            case "mana_value" -> v.manaValue;
            case "mana_cost" -> v.manaCost;
            case "colors" -> colors;
            case "is_multicolored" -> colors.size() >= 2;
            case "is_monocolored" -> colors.size() == 1;
            case "is_colorless" -> colors.isEmpty();
            case "name" -> String.join(" // ", v.names);
            case "names" -> v.names;
            case "types" -> v.types;
            case "subtypes" -> v.subtypes;
            case "supertypes" -> v.supertypes;
            case "power" -> v.power;
            case "toughness" -> v.toughness;
            case "zone" -> obj.zone;
            default -> throw new Unsupported("tiny-java does not answer " + kind);
        };
    }

    /** The characteristics an object has now. */
    static final class View {
        List<String> names = new ArrayList<>();
        String manaCost = "";
        long manaValue;
        Set<String> colors = new LinkedHashSet<>();
        List<Object> types = new ArrayList<>();
        List<Object> subtypes = new ArrayList<>();
        List<Object> supertypes = new ArrayList<>();
        Object power;
        Object toughness;
    }

    static final class GameObject {
        final Map<String, Object> card;
        final String zone;
        final boolean back;
        final Object half;

        GameObject(Map<String, Object> card, Map<String, Object> entry) {
            this.card = card;
            this.zone = String.valueOf(entry.getOrDefault("zone", "battlefield"));
            this.back = "back".equals(entry.get("face"));
            this.half = entry.get("half");
        }

        View view() {
            String layout = String.valueOf(card.getOrDefault("layout", "normal"));
            if (layout.equals("split")) {
                List<Object> faces = asList(card.get("faces"));
                if (zone.equals("stack") && half != null) {
                    for (Object f : faces) if (half.equals(asMap(f).get("name"))) return face(asMap(f));
                }
                View v = new View();  // CR 709.4: both halves' characteristics combined
                StringBuilder cost = new StringBuilder();
                long generic = 0;
                for (Object f : faces) {
                    Map<String, Object> face = asMap(f);
                    v.names.add(String.valueOf(face.get("name")));
                    v.colors.addAll(colorsOf(face));
                    for (Object t : asList(face.getOrDefault("types", List.of()))) {
                        if (!v.types.contains(t)) v.types.add(t);
                    }
                    for (String s : symbols(String.valueOf(face.getOrDefault("mana_cost", "")))) {
                        if (s.chars().allMatch(Character::isDigit)) generic += Long.parseLong(s);
                        else cost.append('{').append(s).append('}');
                    }
                }
                v.manaCost = (generic > 0 ? "{" + generic + "}" : "") + cost;
                v.manaValue = manaValue(v.manaCost);
                return v;
            }
            if (layout.equals("transform")) {
                Map<String, Object> front = asMap(asList(card.get("faces")).get(0));
                if (back && (zone.equals("battlefield") || zone.equals("stack"))) {
                    View v = face(asMap(asList(card.get("faces")).get(1)));
                    v.manaValue = manaValue(String.valueOf(front.getOrDefault("mana_cost", "")));
                    return v;
                }
                return face(front);
            }
            return face(card);
        }

        static View face(Map<String, Object> face) {
            View v = new View();
            v.names.add(String.valueOf(face.get("name")));
            v.manaCost = String.valueOf(face.getOrDefault("mana_cost", ""));
            v.manaValue = manaValue(v.manaCost);
            v.colors.addAll(colorsOf(face));
            v.types.addAll(asList(face.getOrDefault("types", List.of())));
            v.subtypes.addAll(asList(face.getOrDefault("subtypes", List.of())));
            v.supertypes.addAll(asList(face.getOrDefault("supertypes", List.of())));
            v.power = face.get("power");
            v.toughness = face.get("toughness");
            return v;
        }
    }

    static List<String> symbols(String cost) {
        List<String> out = new ArrayList<>();
        Matcher m = SYMBOL.matcher(cost);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    /** CR 202.3: generic symbols count their number, X counts 0, any other symbol 1. */
    static long manaValue(String cost) {
        long total = 0;
        for (String s : symbols(cost)) {
            if (s.chars().allMatch(Character::isDigit)) total += Long.parseLong(s);
            else if (!s.equals("X") && !s.equals("Y") && !s.equals("Z")) {
                String first = s.split("/")[0];
                total += first.chars().allMatch(Character::isDigit) ? Math.max(Long.parseLong(first), 1) : 1;
            }
        }
        return total;
    }

    static Set<String> colorsOf(Map<String, Object> face) {
        Set<String> out = new LinkedHashSet<>();
        for (Object c : asList(face.getOrDefault("color_indicator", List.of()))) out.add(String.valueOf(c));
        for (String s : symbols(String.valueOf(face.getOrDefault("mana_cost", "")))) {
            for (String part : s.split("/")) {
                for (int i = 0; i < COLOR_LETTERS.length; i++) {
                    if (COLOR_LETTERS[i].equals(part)) out.add(COLOR_WORDS[i]);
                }
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object o) {
        return o instanceof Map ? (Map<String, Object>) o : new LinkedHashMap<>();
    }

    @SuppressWarnings("unchecked")
    static List<Object> asList(Object o) {
        return o instanceof List ? (List<Object>) o : new ArrayList<>();
    }

    /** A minimal JSON reader and writer: objects, arrays, strings, numbers, booleans, null. */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) { this.s = s; }

        static Object parse(String text) {
            Json p = new Json(text);
            Object v = p.value();
            p.space();
            if (p.i != p.s.length()) throw new IllegalArgumentException("trailing text at " + p.i);
            return v;
        }

        private void space() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        }

        private Object value() {
            space();
            char c = s.charAt(i);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
            if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
            if (s.startsWith("null", i)) { i += 4; return null; }
            return number();
        }

        private Map<String, Object> object() {
            Map<String, Object> m = new LinkedHashMap<>();
            i++;
            space();
            if (s.charAt(i) == '}') { i++; return m; }
            while (true) {
                space();
                String key = string();
                space();
                i++;  // ':'
                m.put(key, value());
                space();
                if (s.charAt(i++) == '}') return m;  // else ','
            }
        }

        private List<Object> array() {
            List<Object> a = new ArrayList<>();
            i++;
            space();
            if (s.charAt(i) == ']') { i++; return a; }
            while (true) {
                a.add(value());
                space();
                if (s.charAt(i++) == ']') return a;  // else ','
            }
        }

        private String string() {
            StringBuilder b = new StringBuilder();
            i++;  // opening quote
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c != '\\') { b.append(c); continue; }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> { b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
                    default -> b.append(e);  // \" \\ \/
                }
            }
        }

        private Object number() {
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
            String t = s.substring(start, i);
            if (t.isEmpty()) throw new IllegalArgumentException("unexpected character at " + start);
            if (t.contains(".") || t.contains("e") || t.contains("E")) return Double.parseDouble(t);
            return Long.parseLong(t);
        }

        static String write(Object v) {
            StringBuilder b = new StringBuilder();
            write(v, b);
            return b.toString();
        }

        private static void write(Object v, StringBuilder b) {
            if (v == null) b.append("null");
            else if (v instanceof String str) quote(str, b);
            else if (v instanceof Boolean || v instanceof Long || v instanceof Integer) b.append(v);
            else if (v instanceof Double d) b.append(d % 1 == 0 ? String.valueOf(d.longValue()) : d.toString());
            else if (v instanceof Map<?, ?> m) {
                b.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) b.append(',');
                    first = false;
                    quote(String.valueOf(e.getKey()), b);
                    b.append(':');
                    write(e.getValue(), b);
                }
                b.append('}');
            } else if (v instanceof Iterable<?> it) {
                b.append('[');
                boolean first = true;
                for (Object o : it) {
                    if (!first) b.append(',');
                    first = false;
                    write(o, b);
                }
                b.append(']');
            } else quote(String.valueOf(v), b);
        }

        private static void quote(String str, StringBuilder b) {
            b.append('"');
            for (int k = 0; k < str.length(); k++) {
                char c = str.charAt(k);
                switch (c) {
                    case '"' -> b.append("\\\"");
                    case '\\' -> b.append("\\\\");
                    case '\n' -> b.append("\\n");
                    case '\r' -> b.append("\\r");
                    case '\t' -> b.append("\\t");
                    default -> {
                        if (c < 0x20 || c == 0x2028 || c == 0x2029) b.append(String.format("\\u%04x", (int) c));
                        else b.append(c);
                    }
                }
            }
            b.append('"');
        }
    }
}
