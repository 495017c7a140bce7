// The page's drawing module for holedox (filled in when app.js loads puzzle modules).
