//! The demo workspace's binary member.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!("{}", demo_core::greet("demo")?.text);
    Ok(())
}
