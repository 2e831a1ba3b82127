package main

import (
	"log"

	"example.com/gw/internal/httpd"
)

func main() {
	log.Fatal(httpd.New(":8080").Run())
}
