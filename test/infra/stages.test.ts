/**
 * The checks of both stages as `buildApp` makes them, without bundling (test/support/cdk-app.ts), one
 * module per subject in test/infra/stages/. They run as one test file so that they share one load of
 * aws-cdk-lib and one synthesis per set of settings (testStages keeps each): as six files, each loaded the
 * library and synthesized both stages again, about 80 s of CPU in all against about 35 s. The settings
 * checks (stages/deploy-settings.ts) come first: their build of cdk.json as shipped, with cdk-nag, is the
 * one the other subjects read (as two files, 26.3 s of CPU against 22.7 s, measured 2026-11-27).
 *
 * @file-table none
 */
import './stages/deploy-settings';
import './stages/stacks';
import './stages/open-days';
import './stages/events';
import './stages/limits';
import './stages/mail';
import './stages/sign-in-mail';
import './stages/observability';
import './stages/first-deploy';
