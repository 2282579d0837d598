//! The `zhanqi` command.

fn main() {
    println!("zhanqi");
}
