// Package main cites docs/design.md#goals, which exists.
package main
