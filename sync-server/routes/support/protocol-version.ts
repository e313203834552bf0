import { syncProtocolVersion } from '../../../schema/index.ts';
import { HttpError, serverMessages } from '../../http-errors.ts';

/**
 * 426 to a device speaking an older sync protocol, before anything else about its request is looked at: its body
 * may not match today's schemas at all, and the app must ask the person to update rather than fail in odd ways.
 * A device that does not say which version it speaks is taken as current.
 */
export function requireCurrentProtocol(protocolVersion: number | undefined): void {
  if (protocolVersion !== undefined && protocolVersion < syncProtocolVersion) {
    throw new HttpError(426, { error: serverMessages.updateRequired, code: 'update_required' });
  }
}
