// The Web Push sending core: RFC 8291 encryption, RFC 8292 VAPID, one send call (docs/security.md#web-push).
export { encryptPayload, MAX_PAYLOAD_BYTES, type PushKeys, PushPayloadTooLargeError } from './encrypt';
export { importEcdhKeyPair } from './keys';
export { type PushResult, type PushTarget, type PushUrgency, pushHost, type SendOptions, sendPush } from './send';
export { type VapidKeys, vapidAuthorization, vapidJwt, vapidKeysOf } from './vapid';
