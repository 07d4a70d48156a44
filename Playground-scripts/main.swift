print("tour coming")
