// Package pipeline runs a sync: sym-deps | sym-match | sym-install as
// processes (found beside the running executable, then on PATH), then stores
// the fingerprint and match result for the hook path (pkg/syncstate).
//
// It must stay light: sym-hook calls Sync for auto-sync, so it may not import
// the packages that parse manifests or versions (those run in the stage
// processes).
package pipeline

// API contract (being implemented):
//
//	type Options struct {
//		Dir    string    // where to look for the workspace (sym-deps cwd)
//		Update string    // none, check, fetch (passed to sym-match)
//		DryRun bool      // sym-install --dry-run; no state stored
//		Quiet  bool
//		Stderr io.Writer // stage diagnostics
//	}
//	type Summary struct{ Actions []stream.Action; Warnings []string; Gates []string; WorkspaceRoot string }
//	func Sync(ctx context.Context, opts Options) (*Summary, error)
