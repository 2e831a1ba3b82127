// Command pets is a gin server: nested groups, Handle, Any, Match, a group
// handed to a registration function.
package main

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

func main() {
	r := gin.Default()
	r.GET("/healthz", ok)
	v1 := r.Group("/v1")
	{
		pets := v1.Group("/pets")
		pets.GET("", ok)
		pets.GET("/:petId", ok)
		pets.Handle(http.MethodPatch, "/:petId", ok)
		registerOwners(v1.Group("/owners"))
	}
	r.Any("/echo", ok)
	r.Match([]string{"GET", "POST"}, "/search", ok)
	r.GET("/static/*filepath", ok)
	r.Run()
}

func registerOwners(g *gin.RouterGroup) {
	g.GET("/:ownerId", ok)
}

func ok(c *gin.Context) {}
