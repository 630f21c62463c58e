// Records what Java 17's DataInputStream.readUTF and DataOutputStream.writeUTF
// do, for the mutf-8-lenient codec of crates/codec-cesu8 (issue 11). Run by
// xtask/java/observe.sh; never needed by `cargo test`, which reads the
// committed output (crates/codec-cesu8/tests/data/java17-readutf.txt).
//
// Output, line by line:
//   rows N: b0 b1 ...     the payloads of N bytes (N = 1, 2, 3) that readUTF
//                         accepts, as a union of products of byte ranges
//   read HEX -> UNITS     readUTF of a sample payload: UTF-16 units, or
//   read HEX -> ! EXC     the exception it throws
//   write UNITS -> HEX    writeUTF of a sample string (units), or ! EXC
//   frame ...             the length prefix: limits and truncation

import java.io.*;
import java.util.*;

public class Mutf8Observe {
    static String read(byte[] payload, int declared) {
        byte[] framed = new byte[payload.length + 2];
        framed[0] = (byte) (declared >> 8);
        framed[1] = (byte) declared;
        System.arraycopy(payload, 0, framed, 2, payload.length);
        try {
            String s = new DataInputStream(new ByteArrayInputStream(framed)).readUTF();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                if (i > 0) sb.append(' ');
                sb.append(String.format("%04X", (int) s.charAt(i)));
            }
            return sb.toString();
        } catch (IOException e) {
            return "! " + e.getClass().getSimpleName();
        }
    }

    static boolean accepts(byte[] payload) {
        return !read(payload, payload.length).startsWith("!");
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(String.format("%02X", x & 0xFF));
        return sb.toString();
    }

    static byte[] unhex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    /** Ranges of the bytes whose bit is set, as "lo-hi" strings. */
    static List<String> ranges(boolean[] set) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 256; i++) {
            if (!set[i]) continue;
            int j = i;
            while (j + 1 < 256 && set[j + 1]) j++;
            out.add(String.format("%02X-%02X", i, j));
            i = j;
        }
        return out;
    }

    /**
     * The accepted payloads of `depth` more bytes after `prefix`, as rows:
     * consecutive first bytes with the same rows below them merge into one
     * range.
     */
    static List<String> rows(byte[] prefix, int depth) {
        List<List<String>> below = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            byte[] p = Arrays.copyOf(prefix, prefix.length + 1);
            p[prefix.length] = (byte) b;
            if (depth == 1) {
                below.add(accepts(p) ? List.of("") : List.of());
            } else {
                below.add(rows(p, depth - 1));
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 256; i++) {
            if (below.get(i).isEmpty()) continue;
            int j = i;
            while (j + 1 < 256 && below.get(j + 1).equals(below.get(i))) j++;
            for (String rest : below.get(i)) {
                out.add(String.format("%02X-%02X", i, j) + (rest.isEmpty() ? "" : " " + rest));
            }
            i = j;
        }
        return out;
    }

    static String write(String s) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            new DataOutputStream(bytes).writeUTF(s);
            return hex(bytes.toByteArray());
        } catch (IOException e) {
            return "! " + e.getClass().getSimpleName();
        }
    }

    static String units(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (i > 0) sb.append(' ');
            sb.append(String.format("%04X", (int) s.charAt(i)));
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        System.out.println("# java.version " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")");
        for (int n = 1; n <= 3; n++) {
            for (String row : rows(new byte[0], n)) System.out.println("rows " + n + ": " + row);
        }
        String[] samples = {
            "00", "7F", "C080", "C081", "C0BF", "C1BF", "C280", "DFBF", "E08080", "E09FBF", "E0A080",
            "EDA080", "EDBFBF", "EDA080EDB080", "EDA081EDB081", "EDA0BDEDBFA3", "EDB080EDA080", "EDA08041",
            "EDA080EDB0", "EFBFBF", "F0908080", "F4", "F8", "FF", "80", "BF", "C0", "C041", "E080", "E08041",
            "E0C080", "4D00E697A5", "C0C0", "E0E0E0",
        };
        for (String h : samples) System.out.println("read " + h + " -> " + read(unhex(h), h.length() / 2));
        String[] strings = {
            "A", "\u0000", "\u00E9", "\u07FF", "\u0800", "\uFFFF", "\uD800", "\uDC00", "\uD800\uDC00",
            "\uDBFF\uDFFF", "\uDC00\uD800", "a\u0000b",
        };
        for (String s : strings) System.out.println("write " + units(s) + " -> " + write(s));
        // The length prefix.
        System.out.println("frame write 65535 x 41 -> " + (write("A".repeat(65535)).length() / 2) + " bytes");
        System.out.println("frame write 65536 x 41 -> " + write("A".repeat(65536)));
        System.out.println("frame write 21845 x U+0800 (65535 bytes) -> " + (write("\u0800".repeat(21845)).length() / 2) + " bytes");
        System.out.println("frame write 32768 x U+0000 (65536 bytes) -> " + write("\u0000".repeat(32768)));
        System.out.println("frame read count 3, 2 bytes left (4142) -> " + read(unhex("4142"), 3));
        System.out.println("frame read count 2, 3 bytes left (414243) -> " + read(unhex("414243"), 2));
        System.out.println("frame read count 0 -> [" + read(new byte[0], 0) + "]");
        try {
            new DataInputStream(new ByteArrayInputStream(new byte[] {0})).readUTF();
            System.out.println("frame read 1-byte count -> ok");
        } catch (IOException e) {
            System.out.println("frame read 1-byte count -> ! " + e.getClass().getSimpleName());
        }
    }
}
