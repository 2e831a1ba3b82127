package main

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/lsp"
	"github.com/wirelint/wirelint/runner"
)

func newLSPCmd(e *env, code *int) *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "run the language server over standard input and output, for editors",
		Long: "lsp speaks the Language Server Protocol over standard input and output: an editor that opens a\n" +
			"folder holding .wirelint.yaml (here or above, up to the repository root) shows wirelint's findings in\n" +
			"every document involved as it is typed, offers wirelint fix's edits as quick fixes, and explains a\n" +
			"finding's rule on hover. Compat and docs, which read git history, run only in check.",
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			if e.stdin == nil {
				return errors.New("no standard input to read the editor from")
			}
			err := lsp.Serve(e.stdin, e.stdout, lsp.Options{
				Explain: func(rule string) (string, bool) {
					r, ok := runner.Lookup(rule)
					if !ok {
						return "", false
					}
					return explainText(r), true
				},
				CheckRules: func(c *config.Config) error { return c.CheckRules(runner.Rules()) },
			})
			if err != nil {
				return err
			}
			*code = exitClean
			return nil
		},
	}
}
