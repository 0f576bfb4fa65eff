pub fn f() {}
