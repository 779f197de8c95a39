package org.disktune.core;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean ...?": the known word closest to a misspelt one, by edit distance, when it is close. */
public final class Spelling {
    private Spelling() {
    }

    public static Optional<String> closest(String word, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(word, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        int allowed = Math.max(2, word.length() / 3);
        return best != null && bestDistance > 0 && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** Levenshtein distance. */
    public static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
