/**
 * The AWS SDK prints, at every start on Node 20, that its releases after January 2027 will need Node 22.
 * Lambda runs nodejs22.x; locally (Node 20 is supported here) the notice is noise on every run, so it is
 * switched off with the SDK's own setting for that one message. Every other warning still prints.
 * Import this first in an entry point, before anything loads the SDK.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
