//! The demo workspace's library member.

#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Greeting {
    pub text: String,
}

pub fn greet(name: &str) -> anyhow::Result<Greeting> {
    anyhow::ensure!(!name.is_empty(), "empty name");
    Ok(Greeting { text: format!("hello, {name}") })
}
