// Package fifotest helps tests check that a named pipe given as an input
// is refused rather than waited on. It has content only where named pipes
// exist (unix).
package fifotest
