// Package store keeps users; the routes live in another folder, so a server
// pointed here registers nothing wirelint can read.
package store

// User is a stored user.
type User struct{ ID, Name string }

// Find returns the user with the given id.
func Find(users []User, id string) (User, bool) {
	for _, u := range users {
		if u.ID == id {
			return u, true
		}
	}
	return User{}, false
}
