// SPDX-License-Identifier: MIT
package org.kcipher;

/** A kcipher library failure: {@link #status()} is the status name ("KC_ERR_AUTH"). */
public final class KCipherException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String status;
    private final long row, position;

    public KCipherException(String status, String message, long row, long position) {
        super(message + (row >= 0 ? " (value " + row + (position >= 0 ? ", character " + position : "") + ")" : ""));
        this.status = status;
        this.row = row;
        this.position = position;
    }

    /** The kc_status name, e.g. "KC_ERR_KEY_LENGTH". */
    public String status() { return status; }
    /** The failing value's index in a batch, or -1. */
    public long row() { return row; }
    /** The 0-based character position at fault in that value (format errors), or -1. */
    public long position() { return position; }
}
