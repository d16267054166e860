/** The gate's fixed texts (product-spec §4, §8). */
export const CHECKED_IN_MESSAGE = 'Visitor checked in successfully!';
export const CHECKED_OUT_MESSAGE = 'Visitor checked out successfully!';
export const SCAN_FAILED_MESSAGE = 'Invalid or expired QR code';
export const CHECK_IN_FAILED_MESSAGE = 'Failed to check in visitor';
export const CHECK_OUT_FAILED_MESSAGE = 'Failed to check out visitor';
