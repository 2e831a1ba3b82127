package golang

import "testing"

// TestUnreadFramework holds a framework's routing package, with a major
// version suffix or none, as unread, and its other packages, look-alike
// paths and the frameworks this analysis reads (beego among them) as not.
func TestUnreadFramework(t *testing.T) {
	for imp, want := range map[string]string{
		"github.com/beego/beego/v2/server/web":         "", // read: beego.go
		"github.com/astaxie/beego":                     "",
		"github.com/cloudwego/hertz/pkg/app/server":    "Hertz",
		"github.com/cloudwego/hertz/pkg/app":           "",
		"github.com/kataras/iris/v12":                  "Iris",
		"github.com/emicklei/go-restful/v3":            "go-restful",
		"github.com/julienschmidt/httprouter":          "", // read: httprouter.go
		"github.com/uptrace/bunrouter":                 "bunrouter",
		"github.com/beego/beego/v2/core/validation":    "",
		"github.com/beego/beego/v2/server/web/context": "",
		"github.com/astaxie/beego/orm":                 "",
		"github.com/kataras/iris/v12x":                 "",
		"github.com/uptrace/bunrouterx":                "",
		"github.com/labstack/echo/v4":                  "",
		"github.com/gin-gonic/gin":                     "",
	} {
		if got := unreadFramework(imp); got != want {
			t.Errorf("unreadFramework(%q) = %q, want %q", imp, got, want)
		}
	}
}
