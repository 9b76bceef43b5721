// SPDX-License-Identifier: MIT
package org.kcipher;

import java.lang.ref.Cleaner;

/**
 * Owns one native object.  Every operation and {@link #close} hold the
 * object's monitor, so an object may be shared between threads (calls run
 * one at a time) and closing it while another thread uses it waits for that
 * call; after close every operation throws IllegalStateException.  An
 * object never closed is freed (and its key wiped) when it is collected.
 */
public abstract class Handle implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    /** The pointer and how to free it, apart from the owner so the cleaner can run it. */
    private static final class Ref implements Runnable {
        private long h;
        private final java.util.function.LongConsumer free;
        Ref(long h, java.util.function.LongConsumer free) { this.h = h; this.free = free; }
        public synchronized void run() {
            if (h != 0) free.accept(h);
            h = 0;
        }
    }

    private final Ref ref;
    private final Cleaner.Cleanable cleanable;
    private final String what;

    Handle(long h, java.util.function.LongConsumer free, String what) {
        this.ref = new Ref(h, free);
        this.cleanable = CLEANER.register(this, ref);
        this.what = what;
    }

    /** The live pointer; call with this object's monitor held. */
    final long live() {
        long h = ref.h;
        if (h == 0) throw new IllegalStateException(what + " is closed");
        return h;
    }

    public final synchronized boolean isClosed() { return ref.h == 0; }

    /** Frees the native object, wiping its key; further use throws IllegalStateException. */
    @Override
    public final synchronized void close() { cleanable.clean(); }
}
