package main

import (
	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/config"
)

func newSchemaCmd(e *env, code *int) *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "print the JSON Schema of .wirelint.yaml, for editors that complete and validate from it",
		Long: "schema prints the JSON Schema (2020-12) of .wirelint.yaml. Editors with the YAML language server read it\n" +
			"from the comment wirelint init writes at the top of the file:\n" +
			"  # yaml-language-server: $schema=" + config.SchemaURL,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			if _, err := e.stdout.Write(config.Schema); err != nil {
				return err
			}
			*code = exitClean
			return nil
		},
	}
}
