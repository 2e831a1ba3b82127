module example.com/songs

go 1.22
