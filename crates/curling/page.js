// The page's drawing module for curling (filled in when app.js loads puzzle modules).
