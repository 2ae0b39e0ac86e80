//go:build !unix

package safeout

import "errors"

// errSyncUnsupported: syncing a directory is not attempted meaningfully
// off Unix; any error from it is reported.
var errSyncUnsupported = errors.New("directory sync unsupported")
